'''
The nets module
Contains classes of neural network architectures
'''

from slm_lab.agent.net.conv import *
from slm_lab.agent.net.mlp import *
from slm_lab.agent.net.recurrent import *
