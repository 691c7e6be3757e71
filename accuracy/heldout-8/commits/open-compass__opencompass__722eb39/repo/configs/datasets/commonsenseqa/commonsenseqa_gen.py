from mmengine.config import read_base

with read_base():
    from .commonsenseqa_gen_c946f2 import commonsenseqa_datasets  # noqa: F401, F403
