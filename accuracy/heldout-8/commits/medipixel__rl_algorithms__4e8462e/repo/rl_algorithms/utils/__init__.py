from .config import Config
from .registry import Registry, build_from_cfg, build_ray_obj_from_cfg

__all__ = ["Registry", "build_from_cfg", "build_ray_obj_from_cfg", "Config"]
