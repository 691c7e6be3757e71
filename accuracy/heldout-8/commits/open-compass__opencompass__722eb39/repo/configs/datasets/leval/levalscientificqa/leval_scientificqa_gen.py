from mmengine.config import read_base

with read_base():
    from .leval_scientificqa_gen_96bf3f import LEval_scientificqa_datasets  # noqa: F401, F403
