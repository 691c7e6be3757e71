#!/usr/bin/env python3
# Copyright (c) Meta Platforms, Inc. and affiliates.
#
# This source code is licensed under the MIT license found in the
# LICENSE file in the root directory of this source tree.

from botorch.optim.closures import (
    ForwardBackwardClosure,
    get_loss_closure,
    get_loss_closure_with_grads,
)
from botorch.optim.core import (
    OptimizationResult,
    OptimizationStatus,
    scipy_minimize,
    torch_minimize,
)
from botorch.optim.homotopy import (
    FixedHomotopySchedule,
    Homotopy,
    HomotopyParameter,
    LinearHomotopySchedule,
    LogLinearHomotopySchedule,
)
from botorch.optim.initializers import initialize_q_batch, initialize_q_batch_nonneg
from botorch.optim.optimize import (
    gen_batch_initial_conditions,
    optimize_acqf,
    optimize_acqf_cyclic,
    optimize_acqf_discrete,
    optimize_acqf_discrete_local_search,
    optimize_acqf_mixed,
)
from botorch.optim.optimize_homotopy import optimize_acqf_homotopy
from botorch.optim.stopping import ExpMAStoppingCriterion


__all__ = [
    "ForwardBackwardClosure",
    "get_loss_closure",
    "get_loss_closure_with_grads",
    "gen_batch_initial_conditions",
    "initialize_q_batch",
    "initialize_q_batch_nonneg",
    "OptimizationResult",
    "OptimizationStatus",
    "optimize_acqf",
    "optimize_acqf_cyclic",
    "optimize_acqf_discrete",
    "optimize_acqf_discrete_local_search",
    "optimize_acqf_mixed",
    "optimize_acqf_homotopy",
    "scipy_minimize",
    "torch_minimize",
    "ExpMAStoppingCriterion",
    "FixedHomotopySchedule",
    "Homotopy",
    "HomotopyParameter",
    "LinearHomotopySchedule",
    "LogLinearHomotopySchedule",
]
