from . import Constants
from .dataset import SICKDataset
from .metrics import Metrics
from .model import SimilarityTreeLSTM
from .trainer import Trainer
from .tree import Tree
from . import utils
from .vocab import Vocab

__all__ = [Constants, SICKDataset, Metrics, SimilarityTreeLSTM, Trainer, Tree, Vocab, utils]
