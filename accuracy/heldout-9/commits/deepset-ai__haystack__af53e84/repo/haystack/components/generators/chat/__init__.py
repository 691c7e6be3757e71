# SPDX-FileCopyrightText: 2022-present deepset GmbH <info@deepset.ai>
#
# SPDX-License-Identifier: Apache-2.0

from haystack.components.generators.chat.openai import (  # noqa: I001 (otherwise we end up with partial imports)
    OpenAIChatGenerator,
)
from haystack.components.generators.chat.azure import AzureOpenAIChatGenerator
from haystack.components.generators.chat.hugging_face_local import HuggingFaceLocalChatGenerator
from haystack.components.generators.chat.hugging_face_tgi import HuggingFaceTGIChatGenerator
from haystack.components.generators.chat.hugging_face_api import HuggingFaceAPIChatGenerator

__all__ = [
    "HuggingFaceLocalChatGenerator",
    "HuggingFaceTGIChatGenerator",
    "HuggingFaceAPIChatGenerator",
    "OpenAIChatGenerator",
    "AzureOpenAIChatGenerator",
]
