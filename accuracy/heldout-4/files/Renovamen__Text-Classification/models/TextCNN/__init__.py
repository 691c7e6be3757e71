from .cnn1d import TextCNN1D
from .cnn2d import TextCNN2D
