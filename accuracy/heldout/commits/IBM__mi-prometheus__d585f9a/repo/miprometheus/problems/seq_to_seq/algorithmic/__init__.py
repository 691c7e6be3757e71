from .dual_comparison import *
from .dual_distraction import *
from .dual_ignore import *
from .manipulation_spatial import *
from .manipulation_temporal import *
from .recall import *


from .algorithmic_seq_to_seq_problem import AlgorithmicSeqToSeqProblem