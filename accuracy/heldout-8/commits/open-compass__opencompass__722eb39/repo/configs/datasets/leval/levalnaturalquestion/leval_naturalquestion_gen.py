from mmengine.config import read_base

with read_base():
    from .leval_naturalquestion_gen_52c33f import LEval_nq_datasets  # noqa: F401, F403
