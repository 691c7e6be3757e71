# Copyright (c) CAIRI AI Lab. All rights reserved

from .convlstm_model import ConvLSTM_Model
from .crevnet_model import CrevNet_Model
from .e3dlstm_model import E3DLSTM_Model
from .mau_model import MAU_Model
from .mim_model import MIM_Model
from .phydnet_model import PhyDNet_Model
from .predrnn_model import PredRNN_Model
from .predrnnpp_model import PredRNNpp_Model
from .predrnnv2_model import PredRNNv2_Model
from .simvp_model import SimVP_Model

__all__ = [
    'ConvLSTM_Model', 'CrevNet_Model', 'E3DLSTM_Model', 'MAU_Model', 'MIM_Model',
    'PhyDNet_Model', 'PredRNN_Model', 'PredRNNpp_Model', 'PredRNNv2_Model', 'SimVP_Model'
]