"""
TimeXer model for forecasting time series.
"""

from pytorch_forecasting.models.timexer._timexer import TimeXer
from pytorch_forecasting.models.timexer._timexer_pkg import TimeXer_pkg
from pytorch_forecasting.models.timexer._timexer_pkg_v2 import TimeXer_pkg_v2
from pytorch_forecasting.models.timexer.sub_modules import (
    AttentionLayer,
    DataEmbedding_inverted,
    Encoder,
    EncoderLayer,
    EnEmbedding,
    FlattenHead,
    FullAttention,
    PositionalEmbedding,
    TriangularCausalMask,
)

__all__ = [
    "TimeXer",
    "TriangularCausalMask",
    "FullAttention",
    "AttentionLayer",
    "DataEmbedding_inverted",
    "PositionalEmbedding",
    "FlattenHead",
    "EnEmbedding",
    "Encoder",
    "EncoderLayer",
    "TimeXer_pkg",
    "TimeXer_pkg_v2",
]
