from .base import *
from .ddpm import *
from .morered import *
