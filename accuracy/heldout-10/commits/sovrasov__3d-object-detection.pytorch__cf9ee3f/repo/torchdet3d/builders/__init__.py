from .loss_builder import build_loss
from .optim_builder import build_optimizer
from .scheduler_builder import build_scheduler
from .loader_builder import build_loader, build_augmentations
from .model_builder import build_model
