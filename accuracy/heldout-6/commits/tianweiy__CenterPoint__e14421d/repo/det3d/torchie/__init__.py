# from .apis import *
from .cnn import *
from .fileio import *
from .parallel import *
from .trainer import *
from .utils import *
