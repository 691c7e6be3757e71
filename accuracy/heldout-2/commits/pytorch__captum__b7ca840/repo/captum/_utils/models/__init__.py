# pyre-strict
from captum._utils.models.model import Model

__all__ = [
    "Model",
]
