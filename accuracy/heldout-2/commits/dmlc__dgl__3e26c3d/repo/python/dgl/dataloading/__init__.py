"""Package for dataloaders and samplers."""
from .. import backend as F
from .neighbor_sampler import *
from .cluster_gcn import *
from .graphsaint import *
from .shadow import *
from .base import *
from . import negative_sampler
if F.get_preferred_backend() == 'pytorch':
    from .dataloader import *
    from .dist_dataloader import *
