from mmengine.config import read_base

with read_base():
    from .longbench_2wikimqa_gen_6b3efc import LongBench_2wikimqa_datasets  # noqa: F401, F403
