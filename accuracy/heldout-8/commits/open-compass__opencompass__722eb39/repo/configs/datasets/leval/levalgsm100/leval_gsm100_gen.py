from mmengine.config import read_base

with read_base():
    from .leval_gsm100_gen_77dd94 import LEval_gsm100_datasets
