#!/usr/bin/env python3
from .loss import (
    AUCPRHingeLoss,
    BinaryCrossEntropyLoss,
    CrossEntropyLoss,
    KLDivergenceBCELoss,
    KLDivergenceCELoss,
    Loss,
    SoftHardBCELoss,
)


__all__ = [
    "AUCPRHingeLoss",
    "Loss",
    "CrossEntropyLoss",
    "BinaryCrossEntropyLoss",
    "KLDivergenceBCELoss",
    "KLDivergenceCELoss",
    "SoftHardBCELoss",
]
