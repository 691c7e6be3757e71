from mmengine.config import read_base

with read_base():
    from .leval_financialqa_gen_b03798 import LEval_financialqa_datasets  # noqa: F401, F403
