from . import dataset
from . import dataloader

from . import kaldi_io
from . import logger
from . import params
from . import misc
