from torchprob.gan.gradient_penalty import *
from torchprob.gan.loss import *
