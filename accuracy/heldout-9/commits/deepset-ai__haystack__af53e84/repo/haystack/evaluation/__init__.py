# SPDX-FileCopyrightText: 2022-present deepset GmbH <info@deepset.ai>
#
# SPDX-License-Identifier: Apache-2.0

from .eval_run_result import BaseEvaluationRunResult, EvaluationRunResult

__all__ = ["BaseEvaluationRunResult", "EvaluationRunResult"]
