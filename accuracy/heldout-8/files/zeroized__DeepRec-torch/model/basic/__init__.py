from .output_layer import OutputLayer
from .mlp import MLP
import model.basic.functional
from .attention import *
from .embedding_layer import *
from .activation import *
