# Copyright (c) Meta Platforms, Inc. and affiliates.
# All rights reserved.
#
# This source code is licensed under the MIT license found in the
# LICENSE file in the root directory of this source tree.

# pyre-strict

from pearl.utils.uci_data import download_uci_data

from .cb_benchmark_config import (
    return_neural_fastcb_config,
    return_neural_lin_ts_config,
    return_neural_lin_ucb_config,
    return_neural_squarecb_config,
    return_offline_eval_config,
)

from .run_cb_benchmarks import (
    online_evaluation,
    run_cb_benchmarks,
    run_experiments,
    run_experiments_offline,
    run_experiments_online,
    train_via_uniform_data,
)

__all__ = [
    "download_uci_data",
    "online_evaluation",
    "return_neural_fastcb_config",
    "return_neural_lin_ts_config",
    "return_neural_lin_ucb_config",
    "return_neural_squarecb_config",
    "return_offline_eval_config",
    "run_cb_benchmarks",
    "run_experiments",
    "run_experiments_offline",
    "run_experiments_online",
    "train_via_uniform_data",
]
