from mmengine.config import read_base

with read_base():
    from .leval_legalcontractqa_gen_68a2ac import LEval_legalqa_datasets  # noqa: F401, F403
