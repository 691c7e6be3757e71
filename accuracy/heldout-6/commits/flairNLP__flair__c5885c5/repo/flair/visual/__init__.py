from .manifold import Visualizer
from .activations import Highlighter