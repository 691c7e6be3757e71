from . import preprocess
from . import sample_ops
