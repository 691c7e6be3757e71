from .iceCube_dataset import *
from .iceCube_dataset_classifier import *

