from .config import Config
from .model import *

__github__ = 'https://github.com/WiseDoge/Text-Classification-PyTorch'
__email__ = 'liusl@live.cn'
