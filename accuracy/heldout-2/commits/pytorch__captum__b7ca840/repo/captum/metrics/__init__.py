#!/usr/bin/env python3

# pyre-strict

from captum.metrics._core.infidelity import (
    infidelity,
    infidelity_perturb_func_decorator,
)
from captum.metrics._core.sensitivity import sensitivity_max

__all__ = [
    "infidelity",
    "infidelity_perturb_func_decorator",
    "sensitivity_max",
]
