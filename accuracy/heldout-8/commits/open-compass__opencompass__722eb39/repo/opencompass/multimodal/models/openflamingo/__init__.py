from .openflamingo import OpenFlamingoInferencer

__all__ = ['OpenFlamingoInferencer']
