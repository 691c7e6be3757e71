"""Temporal fusion transformer for forecasting timeseries."""

from pytorch_forecasting.models.temporal_fusion_transformer._tft import (
    TemporalFusionTransformer,
)
from pytorch_forecasting.models.temporal_fusion_transformer._tft_pkg import (
    TemporalFusionTransformer_pkg,
)
from pytorch_forecasting.models.temporal_fusion_transformer._tft_pkg_v2 import (
    TFT_pkg_v2,
)
from pytorch_forecasting.models.temporal_fusion_transformer.sub_modules import (
    AddNorm,
    GateAddNorm,
    GatedLinearUnit,
    GatedResidualNetwork,
    InterpretableMultiHeadAttention,
    VariableSelectionNetwork,
)

__all__ = [
    "TemporalFusionTransformer",
    "AddNorm",
    "GateAddNorm",
    "GatedLinearUnit",
    "GatedResidualNetwork",
    "InterpretableMultiHeadAttention",
    "TFT_pkg_v2",
    "TemporalFusionTransformer_pkg",
    "VariableSelectionNetwork",
]
