#!/usr/bin/env python3
# Copyright (c) Meta Platforms, Inc. and affiliates.
#
# This source code is licensed under the MIT license found in the
# LICENSE file in the root directory of this source tree.

from botorch.optim.utils.acquisition_utils import (
    columnwise_clamp,
    fix_features,
    get_X_baseline,
)
from botorch.optim.utils.common import (
    _handle_numerical_errors,
    _warning_handler_template,
)
from botorch.optim.utils.model_utils import (
    get_data_loader,
    get_name_filter,
    get_parameters,
    get_parameters_and_bounds,
    sample_all_priors,
    TorchAttr,
)
from botorch.optim.utils.numpy_utils import (
    as_ndarray,
    get_bounds_as_ndarray,
    get_tensors_as_ndarray_1d,
    set_tensors_from_ndarray_1d,
)
from botorch.optim.utils.timeout import minimize_with_timeout

__all__ = [
    "_handle_numerical_errors",
    "_warning_handler_template",
    "as_ndarray",
    "columnwise_clamp",
    "fix_features",
    "get_name_filter",
    "get_bounds_as_ndarray",
    "get_data_loader",
    "get_parameters",
    "get_parameters_and_bounds",
    "get_tensors_as_ndarray_1d",
    "get_X_baseline",
    "minimize_with_timeout",
    "sample_all_priors",
    "set_tensors_from_ndarray_1d",
    "TorchAttr",
]
