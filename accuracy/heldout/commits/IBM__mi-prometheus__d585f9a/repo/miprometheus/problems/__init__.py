# Imports from the different domains.
from .image_text_to_class import *
from .image_to_class import *
from .seq_to_seq import *
from .video_to_class import *

# Other imports.
from .problem import Problem
from .problem_factory import ProblemFactory
