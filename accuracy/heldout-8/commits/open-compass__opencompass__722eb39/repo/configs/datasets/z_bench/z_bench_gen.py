from mmengine.config import read_base

with read_base():
    from .z_bench_gen_52ba2f import z_bench_datasets  # noqa: F401, F403
