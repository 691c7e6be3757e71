# -*- coding: utf-8 -*- #
"""*********************************************************************************************"""
#   FileName     [ pretrain_expert.py ]
#   Synopsis     [ the tera pretrain expert ]
#   Author       [ S3PRL ]
#   Copyright    [ Copyleft(c), Speech Lab, NTU, Taiwan ]
"""*********************************************************************************************"""


###############
# IMPORTATION #
###############
from pretrain.mockingjay.pretrain_expert import UpstreamPretrainExpert
