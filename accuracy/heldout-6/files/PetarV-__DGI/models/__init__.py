from .dgi import DGI
from .logreg import LogReg
