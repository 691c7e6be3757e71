# Copyright (c) Meta Platforms, Inc. and affiliates.
# All rights reserved.
#
# This source code is licensed under the MIT license found in the
# LICENSE file in the root directory of this source tree.
#

# pyre-strict

from .bandit import MeanVarBanditEnv

__all__ = ["MeanVarBanditEnv"]
