from .basic_hooks import *
from .barostats import *
from .barostats_rpmd import *
from .thermostats import *
from .thermostats_rpmd import *
from .callback_hooks import *
