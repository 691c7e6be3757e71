"""Dataset Hypothesis Related Utils"""

from .sigmoid import sigmoid
from .sigmoid_gradient import sigmoid_gradient
