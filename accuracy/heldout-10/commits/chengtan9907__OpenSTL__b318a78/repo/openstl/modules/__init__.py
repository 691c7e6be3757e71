# Copyright (c) CAIRI AI Lab. All rights reserved

from .convlstm_modules import ConvLSTMCell
from .crevnet_modules import zig_rev_predictor, autoencoder
from .e3dlstm_modules import Eidetic3DLSTMCell, tf_Conv3d
from .mim_modules import MIMBlock, MIMN
from .mau_modules import MAUCell
from .phydnet_modules import PhyCell, PhyD_ConvLSTM, PhyD_EncoderRNN, K2M
from .predrnn_modules import SpatioTemporalLSTMCell
from .predrnnpp_modules import CausalLSTMCell, GHU
from .predrnnv2_modules import SpatioTemporalLSTMCellv2
from .simvp_modules import (BasicConv2d, ConvSC, GroupConv2d,
                            ConvNeXtSubBlock, ConvMixerSubBlock, GASubBlock, gInception_ST,
                            HorNetSubBlock, MLPMixerSubBlock, MogaSubBlock, PoolFormerSubBlock,
                            SwinSubBlock, UniformerSubBlock, VANSubBlock, ViTSubBlock)

__all__ = [
    'ConvLSTMCell', 'CausalLSTMCell', 'GHU', 'SpatioTemporalLSTMCell', 'SpatioTemporalLSTMCellv2',
    'MIMBlock', 'MIMN', 'Eidetic3DLSTMCell', 'tf_Conv3d', 'zig_rev_predictor', 'autoencoder',
    'PhyCell', 'PhyD_ConvLSTM', 'PhyD_EncoderRNN', 'K2M', 'MAUCell',
    'BasicConv2d', 'ConvSC', 'GroupConv2d',
    'ConvNeXtSubBlock', 'ConvMixerSubBlock', 'GASubBlock', 'gInception_ST',
    'HorNetSubBlock', 'MLPMixerSubBlock', 'MogaSubBlock', 'PoolFormerSubBlock',
    'SwinSubBlock', 'UniformerSubBlock', 'VANSubBlock', 'ViTSubBlock',
]