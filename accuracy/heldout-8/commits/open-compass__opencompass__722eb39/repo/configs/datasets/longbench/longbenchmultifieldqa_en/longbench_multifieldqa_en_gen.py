from mmengine.config import read_base

with read_base():
    from .longbench_multifieldqa_en_gen_d3838e import LongBench_multifieldqa_en_datasets  # noqa: F401, F403
