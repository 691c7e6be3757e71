# SPDX-FileCopyrightText: 2022-present deepset GmbH <info@deepset.ai>
#
# SPDX-License-Identifier: Apache-2.0

from .answer_exact_match import AnswerExactMatchEvaluator
from .context_relevance import ContextRelevanceEvaluator
from .document_map import DocumentMAPEvaluator
from .document_mrr import DocumentMRREvaluator
from .document_recall import DocumentRecallEvaluator
from .faithfulness import FaithfulnessEvaluator
from .llm_evaluator import LLMEvaluator
from .sas_evaluator import SASEvaluator

__all__ = [
    "AnswerExactMatchEvaluator",
    "ContextRelevanceEvaluator",
    "DocumentMAPEvaluator",
    "DocumentMRREvaluator",
    "DocumentRecallEvaluator",
    "FaithfulnessEvaluator",
    "LLMEvaluator",
    "SASEvaluator",
]
