from .nt_xent import NT_Xent
from .logistic_regression import LogisticRegression
from .lars import LARS
from .resnet import get_resnet
from .gather import GatherLayer
