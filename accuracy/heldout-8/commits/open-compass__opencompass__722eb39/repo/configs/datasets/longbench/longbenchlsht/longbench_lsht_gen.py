from mmengine.config import read_base

with read_base():
    from .longbench_lsht_gen_e8a339 import LongBench_lsht_datasets  # noqa: F401, F403
