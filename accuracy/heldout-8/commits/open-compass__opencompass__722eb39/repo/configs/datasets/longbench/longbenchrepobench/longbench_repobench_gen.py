from mmengine.config import read_base

with read_base():
    from .longbench_repobench_gen_6df953 import LongBench_repobench_datasets  # noqa: F401, F403
