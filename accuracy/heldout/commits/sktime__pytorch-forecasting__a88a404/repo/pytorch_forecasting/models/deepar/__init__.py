"""DeepAR: Probabilistic forecasting with autoregressive recurrent networks."""

from pytorch_forecasting.models.deepar._deepar import DeepAR
from pytorch_forecasting.models.deepar._deepar_pkg import DeepAR_pkg

__all__ = ["DeepAR", "DeepAR_pkg"]
