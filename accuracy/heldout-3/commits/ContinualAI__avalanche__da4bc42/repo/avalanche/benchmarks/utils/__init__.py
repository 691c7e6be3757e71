from .utils import *
from .avalanche_dataset import *
from .datasets_from_filelists import *
from .torchvision_wrapper import *
