from mmengine.config import read_base

with read_base():
    from .longbench_multifieldqa_zh_gen_e9a7ef import LongBench_multifieldqa_zh_datasets  # noqa: F401, F403
