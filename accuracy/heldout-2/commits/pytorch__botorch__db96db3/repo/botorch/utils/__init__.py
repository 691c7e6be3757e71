#!/usr/bin/env python3
# Copyright (c) Meta Platforms, Inc. and affiliates.
#
# This source code is licensed under the MIT license found in the
# LICENSE file in the root directory of this source tree.

from botorch.utils.constraints import get_outcome_constraint_transforms
from botorch.utils.feasible_volume import estimate_feasible_volume
from botorch.utils.objective import apply_constraints, get_objective_weights_transform
from botorch.utils.rounding import approximate_round
from botorch.utils.sampling import (
    batched_multinomial,
    draw_sobol_normal_samples,
    draw_sobol_samples,
    manual_seed,
)
from botorch.utils.transforms import standardize, t_batch_mode_transform


__all__ = [
    "apply_constraints",
    "approximate_round",
    "batched_multinomial",
    "draw_sobol_normal_samples",
    "draw_sobol_samples",
    "estimate_feasible_volume",
    "get_objective_weights_transform",
    "get_outcome_constraint_transforms",
    "manual_seed",
    "standardize",
    "t_batch_mode_transform",
]
