from .mg_head import Head, MultiGroupHead, CenterHead

__all__ = ["MultiGroupHead", "Head", "CenterHead"]
