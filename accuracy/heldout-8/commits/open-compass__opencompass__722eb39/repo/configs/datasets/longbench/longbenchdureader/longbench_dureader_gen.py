from mmengine.config import read_base

with read_base():
    from .longbench_dureader_gen_c6c7e4 import LongBench_dureader_datasets  # noqa: F401, F403
