'''
use optimizer from Pytorch
'''

from torch.optim import *