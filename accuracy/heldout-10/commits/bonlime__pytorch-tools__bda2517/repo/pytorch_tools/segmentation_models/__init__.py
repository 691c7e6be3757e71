from .unet import Unet
from .linknet import Linknet
from .deeplabv3_plus import DeepLabV3
from .segm_fpn import SegmentationFPN
from .segm_bifpn import SegmentationBiFPN
from .hrnet import HRNet
