from mmengine.config import read_base

with read_base():
    from .leval_meetingsumm_gen_b03798 import LEval_meetingsumm_datasets  # noqa: F401, F403
