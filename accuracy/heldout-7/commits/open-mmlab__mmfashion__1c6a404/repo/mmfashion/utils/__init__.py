from .image import get_img_tensor
from .registry import Registry, build_from_cfg
from .checkpoint import init_weights_from

__all__ = ['Registry', 'build_from_cfg', 'get_img_tensor',
           'init_weights_from']
