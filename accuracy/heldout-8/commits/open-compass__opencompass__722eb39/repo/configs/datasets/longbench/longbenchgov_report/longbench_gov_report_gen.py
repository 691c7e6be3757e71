from mmengine.config import read_base

with read_base():
    from .longbench_gov_report_gen_54c5b0 import LongBench_gov_report_datasets  # noqa: F401, F403
