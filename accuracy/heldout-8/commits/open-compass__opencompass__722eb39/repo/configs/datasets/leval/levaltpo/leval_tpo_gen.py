from mmengine.config import read_base

with read_base():
    from .leval_tpo_gen_36a006 import LEval_tpo_datasets
