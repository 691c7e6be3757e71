from mmengine.config import read_base

with read_base():
    from .cvalues_responsibility_gen_543378 import cvalues_datasets  # noqa: F401, F403
