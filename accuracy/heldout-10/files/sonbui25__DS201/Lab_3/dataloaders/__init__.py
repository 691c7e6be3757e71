from .UIT_VSFC import UIT_VSFCDataset
from .PhoNER_COVID19 import PhoNER_COVID19Dataset