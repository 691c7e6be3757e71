from mmengine.config import read_base

with read_base():
    from .leval_paper_assistant_gen_b03798 import LEval_ps_summ_datasets  # noqa: F401, F403
