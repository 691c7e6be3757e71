from mmengine.config import read_base

with read_base():
    from .game24_gen_52a460 import game24_datasets  # noqa: F401, F403
