from .sampler import NeighborSampler, LayerSampler, EdgeSampler
from .randomwalk import *
from .dis_sampler import SamplerSender, SamplerReceiver
from .dis_sampler import SamplerPool
