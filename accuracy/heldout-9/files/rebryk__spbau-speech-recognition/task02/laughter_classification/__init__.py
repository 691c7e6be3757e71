from .sspnet_data_sampler import SSPNetDataSampler

__all__ = ['SSPNetDataSampler']
