from .MNIST import MNISTDataset
from .ViNaFood21 import ViNaFood21Dataset
from .Monkey import MonkeyDataset