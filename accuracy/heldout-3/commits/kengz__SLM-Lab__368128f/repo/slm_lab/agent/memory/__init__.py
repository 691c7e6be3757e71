'''
The memory module
Contains different ways of storing an agents experiences and sampling from them
'''

# expose all the classes
from .replay import *
from .onpolicy import *
from .prioritized import *
