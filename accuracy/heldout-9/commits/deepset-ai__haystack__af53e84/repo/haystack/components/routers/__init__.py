# SPDX-FileCopyrightText: 2022-present deepset GmbH <info@deepset.ai>
#
# SPDX-License-Identifier: Apache-2.0

from haystack.components.routers.conditional_router import ConditionalRouter
from haystack.components.routers.file_type_router import FileTypeRouter
from haystack.components.routers.metadata_router import MetadataRouter
from haystack.components.routers.text_language_router import TextLanguageRouter
from haystack.components.routers.zero_shot_text_router import TransformersZeroShotTextRouter

__all__ = [
    "FileTypeRouter",
    "MetadataRouter",
    "TextLanguageRouter",
    "ConditionalRouter",
    "TransformersZeroShotTextRouter",
]
