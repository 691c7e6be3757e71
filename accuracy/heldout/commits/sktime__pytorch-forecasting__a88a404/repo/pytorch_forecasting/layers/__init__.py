"""
Architectural deep learning layers from `nn.Module`.
"""

from pytorch_forecasting.layers._attention import AttentionLayer, FullAttention
from pytorch_forecasting.layers._embeddings import (
    DataEmbedding_inverted,
    EnEmbedding,
    PositionalEmbedding,
)
from pytorch_forecasting.layers._encoders import (
    Encoder,
    EncoderLayer,
)
from pytorch_forecasting.layers._output._flatten_head import (
    FlattenHead,
)

__all__ = [
    "FullAttention",
    "TriangularCausalMask",
    "AttentionLayer",
    "DataEmbedding_inverted",
    "EnEmbedding",
    "PositionalEmbedding",
    "Encoder",
    "EncoderLayer",
    "FlattenHead",
]
