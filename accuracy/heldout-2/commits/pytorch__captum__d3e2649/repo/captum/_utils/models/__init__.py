from captum._utils.models.linear_model import (
    LinearModel,
    SGDLasso,
    SGDLinearModel,
    SGDLinearRegression,
    SGDRidge,
    SkLearnLasso,
    SkLearnLinearModel,
    SkLearnLinearRegression,
    SkLearnRidge,
)
from captum._utils.models.model import Model

__all__ = [
    "Model",
    "LinearModel",
    "SGDLinearModel",
    "SGDLasso",
    "SGDRidge",
    "SGDLinearRegression",
    "SkLearnLinearModel",
    "SkLearnLasso",
    "SkLearnRidge",
    "SkLearnLinearRegression",
]
