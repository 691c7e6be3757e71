from flashrag.dataset.dataset import *
from flashrag.dataset.utils import *
