from .diffpool import BatchedDiffPool
from .graphsage import BatchedGraphSAGE
