from mmengine.config import read_base

with read_base():
    from .CLUE_DRCD_gen_1bd3c8 import DRCD_datasets  # noqa: F401, F403
