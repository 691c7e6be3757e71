from .build_loader import build_dataloader
from .sampler import DistributedGroupSampler, DistributedSampler, GroupSampler

__all__ = [
    'GroupSampler', 'DistributedSampler', 'DistributedGroupSampler',
    'build_dataloader'
]
