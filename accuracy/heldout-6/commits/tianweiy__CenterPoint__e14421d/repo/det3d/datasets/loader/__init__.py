from .build_loader import build_dataloader
from .sampler import DistributedGroupSampler, GroupSampler

__all__ = ["GroupSampler", "DistributedGroupSampler", "build_dataloader"]
