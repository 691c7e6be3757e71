from mmengine.config import read_base

with read_base():
    from .leval_topic_retrieval_gen_bf433f import LEval_tr_datasets
