"""Package for Tensorflow-specific NN modules."""
from .conv import *
from .glob import *
from .hetero import *
from .softmax import *
from .utils import *
