from .utils import *


__all__ = ["read_json", "save_json"]
