from .iteration_based_batch_sampler import IterationBasedBatchSampler
from .distributed import DistributedSampler

__all__ = ['IterationBasedBatchSampler', 'DistributedSampler']
