# The nets module
# Implements differents types of neural network
from slm_lab.agent.net.conv import *
from slm_lab.agent.net.mlp import *
from slm_lab.agent.net.recurrent import *
from slm_lab.agent.net.q_net import *
