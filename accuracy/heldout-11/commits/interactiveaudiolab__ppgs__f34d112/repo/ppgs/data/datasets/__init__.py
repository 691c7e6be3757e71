from . import arctic
from . import commonvoice
from . import timit
