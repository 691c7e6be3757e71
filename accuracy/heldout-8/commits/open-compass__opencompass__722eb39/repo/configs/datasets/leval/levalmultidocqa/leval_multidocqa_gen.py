from mmengine.config import read_base

with read_base():
    from .leval_multidocqa_gen_96bf3f import LEval_multidocqa_datasets  # noqa: F401, F403
