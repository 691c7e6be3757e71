from mmengine.config import read_base

with read_base():
    from .leval_tvshow_summ_gen_b03798 import LEval_tvshow_summ_datasets  # noqa: F401, F403
