from mmengine.config import read_base

with read_base():
    from .leval_review_summ_gen_b03798 import LEval_review_summ_datasets  # noqa: F401, F403
