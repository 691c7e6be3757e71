"""Package for dataloaders and samplers."""
from .. import backend as F
from . import negative_sampler
from .base import *
from .cluster_gcn import *
from .graphsaint import *
from .labor_sampler import *
from .neighbor_sampler import *
from .shadow import *

if F.get_preferred_backend() == "pytorch":
    from .spot_target import *
    from .dataloader import *
    from .dist_dataloader import *
