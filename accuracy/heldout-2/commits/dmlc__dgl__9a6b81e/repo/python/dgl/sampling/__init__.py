"""The ``dgl.sampling`` package contains operators and utilities for
sampling from a graph via random walks, neighbor sampling, etc. They
are typically used together with the ``DataLoader`` s in the
``dgl.dataloading`` package. The user guide :ref:`guide-minibatch`
gives a holistic explanation on how different components work together.
"""

from .randomwalks import *
from .pinsage import *
from .neighbor import *
from .node2vec_randomwalk import *
from .negative import *
