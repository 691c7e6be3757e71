from mmengine.config import read_base

with read_base():
    from .leval_coursera_gen_36a006 import LEval_coursera_datasets  # noqa: F401, F403
