from mmengine.config import read_base

with read_base():
    from .lcsts_gen_8ee1fe import lcsts_datasets  # noqa: F401, F403
