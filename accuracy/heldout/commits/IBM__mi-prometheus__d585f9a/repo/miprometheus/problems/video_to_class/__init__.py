from .seq_mnist_to_class import *

from .video_to_class_problem import VideoToClassProblem
