from mmengine.config import read_base

with read_base():
    from .CLUE_C3_ppl_e24a31 import C3_datasets  # noqa: F401, F403
