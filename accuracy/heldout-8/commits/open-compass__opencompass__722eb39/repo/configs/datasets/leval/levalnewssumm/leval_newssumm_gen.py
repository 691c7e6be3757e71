from mmengine.config import read_base

with read_base():
    from .leval_newssumm_gen_b03798 import LEval_newssumm_datasets  # noqa: F401, F403
