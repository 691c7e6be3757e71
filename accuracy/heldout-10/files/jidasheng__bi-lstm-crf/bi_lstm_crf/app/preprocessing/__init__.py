from .utils import *
from .preprocess import Preprocessor
