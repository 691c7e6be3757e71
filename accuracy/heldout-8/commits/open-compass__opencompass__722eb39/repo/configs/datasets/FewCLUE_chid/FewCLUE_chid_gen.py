from mmengine.config import read_base

with read_base():
    from .FewCLUE_chid_gen_0a29a2 import chid_datasets  # noqa: F401, F403
