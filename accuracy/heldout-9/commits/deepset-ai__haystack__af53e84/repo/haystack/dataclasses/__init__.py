# SPDX-FileCopyrightText: 2022-present deepset GmbH <info@deepset.ai>
#
# SPDX-License-Identifier: Apache-2.0

from haystack.dataclasses.answer import Answer, ExtractedAnswer, GeneratedAnswer
from haystack.dataclasses.byte_stream import ByteStream
from haystack.dataclasses.chat_message import ChatMessage, ChatRole
from haystack.dataclasses.document import Document
from haystack.dataclasses.sparse_embedding import SparseEmbedding
from haystack.dataclasses.streaming_chunk import StreamingChunk

__all__ = [
    "Document",
    "ExtractedAnswer",
    "GeneratedAnswer",
    "Answer",
    "ByteStream",
    "ChatMessage",
    "ChatRole",
    "StreamingChunk",
    "SparseEmbedding",
]
