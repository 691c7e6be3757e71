from torchprob.gan import *
