# -*- coding: utf-8 -*- #
"""*********************************************************************************************"""
#   FileName     [ builder.py ]
#   Synopsis     [ build the transformer model for downstream usage ]
#   Author       [ Andy T. Liu (Andi611) ]
#   Copyright    [ Copyleft(c), Speech Lab, NTU, Taiwan ]
"""*********************************************************************************************"""


###############
# IMPORTATION #
###############
from ..mockingjay.builder import PretrainedTransformer