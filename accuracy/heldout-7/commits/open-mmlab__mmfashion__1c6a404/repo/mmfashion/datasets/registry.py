from ..utils import Registry

DATASETS = Registry('dataset')
