"""
Package container files for distribution metrics in PyTorch Forecasting.
"""

from pytorch_forecasting.metrics._distributions_pkg._beta._beta_distribution_loss_pkg import (  # noqa: E501
    BetaDistributionLoss_pkg,
)
from pytorch_forecasting.metrics._distributions_pkg._implicit_quantile_network._implicit_quantile_network_distribution_loss_pkg import (  # noqa: E501
    ImplicitQuantileNetworkDistributionLoss_pkg,
)
from pytorch_forecasting.metrics._distributions_pkg._log_normal._log_normal_distribution_loss_pkg import (  # noqa: E501
    LogNormalDistributionLoss_pkg,
)
from pytorch_forecasting.metrics._distributions_pkg._mqf2._mqf2_distribution_loss_pkg import (  # noqa: E501
    MQF2DistributionLoss_pkg,
)
from pytorch_forecasting.metrics._distributions_pkg._multivariate_normal._multivariate_normal_distribution_loss_pkg import (  # noqa: E501
    MultivariateNormalDistributionLoss_pkg,
)
from pytorch_forecasting.metrics._distributions_pkg._negative_binomial._negative_binomial_distribution_loss_pkg import (  # noqa: E501
    NegativeBinomialDistributionLoss_pkg,
)
from pytorch_forecasting.metrics._distributions_pkg._normal._normal_distribution_loss_pkg import (  # noqa: E501
    NormalDistributionLoss_pkg,
)

__all__ = [
    "BetaDistributionLoss_pkg",
    "ImplicitQuantileNetworkDistributionLoss_pkg",
    "LogNormalDistributionLoss_pkg",
    "MultivariateNormalDistributionLoss_pkg",
    "NegativeBinomialDistributionLoss_pkg",
    "NormalDistributionLoss_pkg",
    "MQF2DistributionLoss_pkg",
]
