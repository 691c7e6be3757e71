"""Package for Tensorflow-specific NN modules."""
from .conv import *
from .softmax import *
from .utils import *
from .glob import *
from .hetero import *
