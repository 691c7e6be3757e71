"""
RevIN: Reverse Instance Normalization
"""

from pytorch_forecasting.layers._normalization._revin import RevIN

__all__ = ["RevIN"]
