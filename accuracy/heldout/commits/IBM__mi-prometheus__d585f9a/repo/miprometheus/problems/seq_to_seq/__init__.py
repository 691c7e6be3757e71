from .algorithmic import *
from .text2text import *
from .vqa import *

from .seq_to_seq_problem import SeqToSeqProblem
