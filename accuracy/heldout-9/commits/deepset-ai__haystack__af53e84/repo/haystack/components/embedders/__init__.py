# SPDX-FileCopyrightText: 2022-present deepset GmbH <info@deepset.ai>
#
# SPDX-License-Identifier: Apache-2.0

from haystack.components.embedders.azure_document_embedder import AzureOpenAIDocumentEmbedder
from haystack.components.embedders.azure_text_embedder import AzureOpenAITextEmbedder
from haystack.components.embedders.hugging_face_api_document_embedder import HuggingFaceAPIDocumentEmbedder
from haystack.components.embedders.hugging_face_api_text_embedder import HuggingFaceAPITextEmbedder
from haystack.components.embedders.hugging_face_tei_document_embedder import HuggingFaceTEIDocumentEmbedder
from haystack.components.embedders.hugging_face_tei_text_embedder import HuggingFaceTEITextEmbedder
from haystack.components.embedders.openai_document_embedder import OpenAIDocumentEmbedder
from haystack.components.embedders.openai_text_embedder import OpenAITextEmbedder
from haystack.components.embedders.sentence_transformers_document_embedder import SentenceTransformersDocumentEmbedder
from haystack.components.embedders.sentence_transformers_text_embedder import SentenceTransformersTextEmbedder

__all__ = [
    "HuggingFaceTEITextEmbedder",
    "HuggingFaceTEIDocumentEmbedder",
    "HuggingFaceAPITextEmbedder",
    "HuggingFaceAPIDocumentEmbedder",
    "SentenceTransformersTextEmbedder",
    "SentenceTransformersDocumentEmbedder",
    "OpenAITextEmbedder",
    "OpenAIDocumentEmbedder",
    "AzureOpenAITextEmbedder",
    "AzureOpenAIDocumentEmbedder",
]
