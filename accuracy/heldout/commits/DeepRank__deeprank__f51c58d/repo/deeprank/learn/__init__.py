# deep learning
from .modelGenerator import NetworkGenerator
from .DataSet import DataSet
from .NeuralNet import NeuralNet
from .metaqnn import MetaQNN