from .config import ParamConfig
from .metric_utils import snr, sdr
from .callbacks import SNRCallback, SDRCallback
from .trainer import train
