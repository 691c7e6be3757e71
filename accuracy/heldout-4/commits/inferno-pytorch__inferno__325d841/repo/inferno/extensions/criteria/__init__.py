from .set_similarity_measures import *
from .elementwise_measures import *
from .core import *
from .regularized import *
