from mmengine.config import read_base

with read_base():
    from .leval_narrativeqa_gen_766dd0 import LEval_narrativeqa_datasets  # noqa: F401, F403
