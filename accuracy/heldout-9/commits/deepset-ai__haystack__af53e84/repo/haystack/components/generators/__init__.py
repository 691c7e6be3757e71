# SPDX-FileCopyrightText: 2022-present deepset GmbH <info@deepset.ai>
#
# SPDX-License-Identifier: Apache-2.0

from haystack.components.generators.openai import (  # noqa: I001 (otherwise we end up with partial imports)
    OpenAIGenerator,
)
from haystack.components.generators.azure import AzureOpenAIGenerator
from haystack.components.generators.hugging_face_local import HuggingFaceLocalGenerator
from haystack.components.generators.hugging_face_tgi import HuggingFaceTGIGenerator
from haystack.components.generators.hugging_face_api import HuggingFaceAPIGenerator

__all__ = [
    "HuggingFaceLocalGenerator",
    "HuggingFaceTGIGenerator",
    "HuggingFaceAPIGenerator",
    "OpenAIGenerator",
    "AzureOpenAIGenerator",
]
