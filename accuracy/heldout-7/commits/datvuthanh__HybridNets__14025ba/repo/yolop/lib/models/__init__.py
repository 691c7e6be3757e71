from .YOLOP import get_net
