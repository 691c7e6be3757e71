"""
Package container for point metrics in PyTorch Forecasting.
"""

from pytorch_forecasting.metrics._point_pkg._cross_entropy._cross_entropy_pkg import (
    CrossEntropy_pkg,
)
from pytorch_forecasting.metrics._point_pkg._mae._mae_pkg import MAE_pkg
from pytorch_forecasting.metrics._point_pkg._mape._mape_pkg import MAPE_pkg
from pytorch_forecasting.metrics._point_pkg._mase._mase_pkg import MASE_pkg
from pytorch_forecasting.metrics._point_pkg._poisson._poisson_loss_pkg import (
    PoissonLoss_pkg,
)
from pytorch_forecasting.metrics._point_pkg._rmse._rmse_pkg import RMSE_pkg
from pytorch_forecasting.metrics._point_pkg._smape._smape_pkg import SMAPE_pkg
from pytorch_forecasting.metrics._point_pkg._tweedie._tweedie_loss_pkg import (
    TweedieLoss_pkg,
)

__all__ = [
    "MAE_pkg",
    "MAPE_pkg",
    "PoissonLoss_pkg",
    "RMSE_pkg",
    "SMAPE_pkg",
    "TweedieLoss_pkg",
    "CrossEntropy_pkg",
    "MASE_pkg",
]
