"""
Metrics for (mulit-horizon) timeseries forecasting.
"""

from pytorch_forecasting.metrics.base_metrics import (
    DistributionLoss,
    Metric,
    MultiHorizonMetric,
    MultiLoss,
    MultivariateDistributionLoss,
    convert_torchmetric_to_pytorch_forecasting_metric,
)
from pytorch_forecasting.metrics.distributions import (
    BetaDistributionLoss,
    ImplicitQuantileNetworkDistributionLoss,
    LogNormalDistributionLoss,
    MQF2DistributionLoss,
    MultivariateNormalDistributionLoss,
    NegativeBinomialDistributionLoss,
    NormalDistributionLoss,
)
from pytorch_forecasting.metrics.point import (
    MAE,
    MAPE,
    MASE,
    RMSE,
    SMAPE,
    CrossEntropy,
    PoissonLoss,
    TweedieLoss,
)
from pytorch_forecasting.metrics.quantile import QuantileLoss

__all__ = [
    "MultiHorizonMetric",
    "DistributionLoss",
    "MultivariateDistributionLoss",
    "MultiLoss",
    "Metric",
    "convert_torchmetric_to_pytorch_forecasting_metric",
    "MAE",
    "MAPE",
    "MASE",
    "PoissonLoss",
    "TweedieLoss",
    "CrossEntropy",
    "SMAPE",
    "RMSE",
    "BetaDistributionLoss",
    "NegativeBinomialDistributionLoss",
    "NormalDistributionLoss",
    "LogNormalDistributionLoss",
    "MultivariateNormalDistributionLoss",
    "ImplicitQuantileNetworkDistributionLoss",
    "QuantileLoss",
    "MQF2DistributionLoss",
]
