# -*- coding: utf-8 -*- #
"""*********************************************************************************************"""
#   FileName     [ pretrain/audio_albert/pretrain_expert.py ]
#   Synopsis     [ the audio albert pretrain expert ]
#   Author       [ Andy T. Liu (https://github.com/andi611) ]
#   Copyright    [ Copyleft(c), Speech Lab, NTU, Taiwan ]
"""*********************************************************************************************"""


###############
# IMPORTATION #
###############
from pretrain.mockingjay.pretrain_expert import UpstreamPretrainExpert
