from . import utils
from . import kaldi

