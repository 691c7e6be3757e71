from mmengine.config import read_base

with read_base():
    from .xiezhi_gen_b86cf5 import xiezhi_datasets  # noqa: F401, F403
