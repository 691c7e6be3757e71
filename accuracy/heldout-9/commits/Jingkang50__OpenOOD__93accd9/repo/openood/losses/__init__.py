from .draem_loss import get_draem_losses
from .reweight import rew_ce, rew_sce
from .sce import soft_cross_entropy
