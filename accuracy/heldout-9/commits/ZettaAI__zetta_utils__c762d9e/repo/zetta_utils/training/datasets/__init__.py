"""Traning datasets."""
from . import joint_dataset, layer_dataset, sample_indexers
from .joint_dataset import JointDataset
from .layer_dataset import LayerDataset
from .sample_indexers import RandomIndexer, VolumetricStridedIndexer
