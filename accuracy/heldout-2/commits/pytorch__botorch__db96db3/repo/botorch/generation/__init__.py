#!/usr/bin/env python3
# Copyright (c) Meta Platforms, Inc. and affiliates.
#
# This source code is licensed under the MIT license found in the
# LICENSE file in the root directory of this source tree.


from botorch.generation.gen import (
    gen_candidates_scipy,
    gen_candidates_torch,
    get_best_candidates,
)
from botorch.generation.sampling import BoltzmannSampling, MaxPosteriorSampling


__all__ = [
    "gen_candidates_scipy",
    "gen_candidates_torch",
    "get_best_candidates",
    "BoltzmannSampling",
    "MaxPosteriorSampling",
]
