# Models
from .conv_tasnet import ConvTasNet
from .dprnn_tasnet import DPRNNTasNet

# Sharing-related
from .publisher import save_publishable, upload_publishable
