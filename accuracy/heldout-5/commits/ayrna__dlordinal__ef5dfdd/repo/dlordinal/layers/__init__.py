from .clm import CLM
from .ordinal_fully_connected import (
    ResNetOrdinalFullyConnected,
    VGGOrdinalFullyConnected,
)
from .activation_function import activation_function_by_name
from .stick_breaking_layer import StickBreakingLayer

__all__ = [
    "CLM",
    "ResNetOrdinalFullyConnected",
    "VGGOrdinalFullyConnected",
    "activation_function_by_name",
    "StickBreakingLayer",
]
