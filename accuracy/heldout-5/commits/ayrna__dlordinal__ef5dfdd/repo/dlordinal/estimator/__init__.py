from .pytorch_estimator import PytorchEstimator

__all__ = [
    "PytorchEstimator",
]
