#!/usr/bin/env python3
# Copyright (c) Meta Platforms, Inc. and affiliates.
#
# This source code is licensed under the MIT license found in the
# LICENSE file in the root directory of this source tree.


from botorch.sampling.pathwise.features import (
    gen_kernel_features,
    KernelEvaluationMap,
    KernelFeatureMap,
)
from botorch.sampling.pathwise.paths import (
    GeneralizedLinearPath,
    PathDict,
    PathList,
    SamplePath,
)
from botorch.sampling.pathwise.posterior_samplers import (
    draw_matheron_paths,
    get_matheron_path_model,
    MatheronPath,
)
from botorch.sampling.pathwise.prior_samplers import draw_kernel_feature_paths
from botorch.sampling.pathwise.update_strategies import gaussian_update


__all__ = [
    "draw_matheron_paths",
    "draw_kernel_feature_paths",
    "gen_kernel_features",
    "get_matheron_path_model",
    "gaussian_update",
    "GeneralizedLinearPath",
    "KernelEvaluationMap",
    "KernelFeatureMap",
    "MatheronPath",
    "SamplePath",
    "PathDict",
    "PathList",
]
