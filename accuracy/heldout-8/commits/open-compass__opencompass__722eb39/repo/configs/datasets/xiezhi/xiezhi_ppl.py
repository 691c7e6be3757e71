from mmengine.config import read_base

with read_base():
    from .xiezhi_ppl_ea6bd7 import xiezhi_datasets  # noqa: F401, F403
