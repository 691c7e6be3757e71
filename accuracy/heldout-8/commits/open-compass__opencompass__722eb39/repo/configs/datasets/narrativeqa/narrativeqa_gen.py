from mmengine.config import read_base

with read_base():
    from .narrativeqa_gen_db6413 import narrativeqa_datasets  # noqa: F401, F403
