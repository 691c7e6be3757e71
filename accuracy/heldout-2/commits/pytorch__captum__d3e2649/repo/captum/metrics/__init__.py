#!/usr/bin/env python3

from captum.metrics._core.infidelity import (  # noqa
    infidelity,
    infidelity_perturb_func_decorator,
)
from captum.metrics._core.sensitivity import sensitivity_max  # noqa
