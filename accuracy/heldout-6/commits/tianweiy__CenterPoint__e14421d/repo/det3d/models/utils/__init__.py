from .conv_module import ConvModule, build_conv_layer
from .conv_ws import ConvWS2d, conv_ws_2d
from .misc import (
    Empty,
    GroupNorm,
    Sequential,
    change_default_args,
    get_kw_to_default_map,
    get_paddings_indicator,
    get_pos_to_kw_map,
    get_printer,
    register_hook,
)
from .norm import build_norm_layer
from .scale import Scale
from .weight_init import (
    bias_init_with_prob,
    kaiming_init,
    normal_init,
    uniform_init,
    xavier_init,
)

__all__ = [
    "conv_ws_2d",
    "ConvWS2d",
    "build_conv_layer",
    "ConvModule",
    "build_norm_layer",
    "xavier_init",
    "normal_init",
    "uniform_init",
    "kaiming_init",
    "bias_init_with_prob",
    "Scale",
    "Sequential",
    "GroupNorm",
    "Empty",
    "get_pos_to_kw_map",
    "get_kw_to_default_map",
    "change_default_args",
    "get_printer",
    "register_hook",
    "get_paddings_indicator",
]
