from .dataset import Dataset, DataLoader
from .model import GRU4REC
from .metric import get_mrr, get_recall, evaluate
from .evaluation import Evaluation
from .optimizer import Optimizer
from .lossfunction import LossFunction,SampledCrossEntropyLoss, BPRLoss, TOP1Loss
from .trainer import Trainer
from .evaluation import Evaluation