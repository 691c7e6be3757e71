# (C) Copyright 2024 Anemoi contributors.
#
# This software is licensed under the terms of the Apache Licence Version 2.0
# which can be obtained at http://www.apache.org/licenses/LICENSE-2.0.
#
# In applying this licence, ECMWF does not waive the privileges and immunities
# granted to it by virtue of its status as an intergovernmental organisation
# nor does it submit to any jurisdiction.


import logging

import torch

from anemoi.training.losses.base import FunctionalLoss

LOGGER = logging.getLogger(__name__)


class MSELoss(FunctionalLoss):
    """MSE loss."""

    name: str = "mse"

    def calculate_difference(self, pred: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        """Calculate the MSE loss.

        Parameters
        ----------
        pred : torch.Tensor
            Prediction tensor, shape (bs, ensemble, n_outputs, lat*lon, n_outputs)
        target : torch.Tensor
            Target tensor, shape (bs, ensemble, n_outputs, lat*lon, n_outputs)

        Returns
        -------
        torch.Tensor
            MSE loss
        """
        return torch.square(pred - target)
