from mmengine.config import read_base

with read_base():
    from .summedits_ppl_1fbeb6 import summedits_datasets  # noqa: F401, F403
