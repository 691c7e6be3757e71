# Copyright (c) Meta Platforms, Inc. and affiliates.
# All rights reserved.
#
# This source code is licensed under the MIT license found in the
# LICENSE file in the root directory of this source tree.

# pyre-strict

from .identity_safety_module import IdentitySafetyModule
from .reward_constrained_safety_module import RCSafetyModuleCostCriticContinuousAction
from .risk_sensitive_safety_modules import RiskSensitiveSafetyModule
from .safety_module import SafetyModule


__all__ = [
    "IdentitySafetyModule",
    "RCSafetyModuleCostCriticContinuousAction",
    "RiskSensitiveSafetyModule",
    "SafetyModule",
]
