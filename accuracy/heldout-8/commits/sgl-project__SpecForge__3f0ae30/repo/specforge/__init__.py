from .core import *
from .modeling import *

__all__ = [
    "OnlineEagle3Model",
    "OfflineEagle3Model",
    "AutoEagle3DraftModel",
    "AutoDistributedTargetModel",
    "AutoDraftModelConfig",
    "QwenVLOnlineEagle3Model",
]
