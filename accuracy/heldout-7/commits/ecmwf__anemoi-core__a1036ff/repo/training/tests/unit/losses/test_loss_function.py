# (C) Copyright 2024 Anemoi contributors.
#
# This software is licensed under the terms of the Apache Licence Version 2.0
# which can be obtained at http://www.apache.org/licenses/LICENSE-2.0.
#
# In applying this licence, ECMWF does not waive the privileges and immunities
# granted to it by virtue of its status as an intergovernmental organisation
# nor does it submit to any jurisdiction.

import einops
import hydra
import pytest
import torch
from omegaconf import DictConfig

from anemoi.training.losses import CRPS
from anemoi.training.losses import FourierCorrelationLoss
from anemoi.training.losses import HuberLoss
from anemoi.training.losses import LogCoshLoss
from anemoi.training.losses import LogSpectralDistance
from anemoi.training.losses import MAELoss
from anemoi.training.losses import MSELoss
from anemoi.training.losses import RMSELoss
from anemoi.training.losses import SpectralCRPSLoss
from anemoi.training.losses import SpectralL2Loss
from anemoi.training.losses import WeightedMSELoss
from anemoi.training.losses import get_loss_function
from anemoi.training.losses.base import BaseLoss
from anemoi.training.losses.base import FunctionalLoss
from anemoi.training.utils.enums import TensorDim

losses = [MSELoss, HuberLoss, MAELoss, RMSELoss, LogCoshLoss, CRPS, WeightedMSELoss]
spectral_losses = [SpectralL2Loss, SpectralCRPSLoss, FourierCorrelationLoss, LogSpectralDistance]
losses += spectral_losses


def _make_loss(target: str, **kwargs) -> BaseLoss:
    cfg = {"_target_": target, "scalers": []}
    cfg.update(kwargs)
    return get_loss_function(DictConfig(cfg))


def _assert_variable_and_scalar_shapes(
    loss: BaseLoss,
    pred: torch.Tensor,
    target: torch.Tensor,
    nvars: int,
) -> None:
    out = loss(pred, target, squash=False)
    assert out.shape == (nvars,), "squash=False should return per-variable loss"
    out_total = loss(pred, target, squash=True)
    assert out_total.numel() == 1, "squash=True should return a single aggregated loss"


@pytest.mark.parametrize(
    "loss_cls",
    losses,
)
def test_manual_init(loss_cls: type[BaseLoss]) -> None:
    loss = loss_cls(x_dim=4, y_dim=4) if loss_cls in spectral_losses else loss_cls()
    assert isinstance(loss, BaseLoss)


def _expected_crps(preds: torch.Tensor, targets: torch.Tensor, alpha: float) -> torch.Tensor:
    ens_size = preds.shape[-1]
    mae = torch.mean(torch.abs(targets[..., None] - preds), dim=-1)
    pair_sum = torch.zeros_like(mae)
    for i in range(ens_size - 1):
        pair_sum += torch.sum(torch.abs(preds[..., i].unsqueeze(-1) - preds[..., i + 1 :]), dim=-1)
    coef = -(alpha / (ens_size * (ens_size - 1)) + (1.0 - alpha) / (ens_size**2))
    return mae + coef * pair_sum


def test_crps_defaults_to_almost_fair_stable_backend() -> None:
    loss = CRPS()
    assert loss.alpha == 0.95
    assert loss.backend == "stable"
    assert loss.name == "crps0.95"


@pytest.mark.parametrize("alpha", [0.0, 0.5, 0.95, 1.0])
def test_crps_backends_match_expected_formula(alpha: float) -> None:
    preds = torch.randn(2, 2, 3, 4, 5, dtype=torch.float64)
    targets = torch.randn(2, 2, 3, 4, dtype=torch.float64)

    expected = _expected_crps(preds, targets, alpha)
    naive = CRPS(alpha=alpha, backend="naive")._kernel_crps(preds, targets)
    stable = CRPS(alpha=alpha, backend="stable")._kernel_crps(preds, targets)

    torch.testing.assert_close(naive, expected)
    torch.testing.assert_close(stable, expected)


@pytest.mark.parametrize("alpha", [-0.1, 1.1])
def test_crps_rejects_invalid_alpha(alpha: float) -> None:
    with pytest.raises(ValueError, match="alpha must be in the range"):
        CRPS(alpha=alpha)


def test_crps_rejects_invalid_backend() -> None:
    with pytest.raises(ValueError, match="Unknown CRPS backend"):
        CRPS(backend="unknown")  # type: ignore[arg-type]


def test_crps_with_singleton_target_ensemble_dim() -> None:
    pred = torch.zeros(2, 1, 4, 3, 2)
    target = torch.zeros(2, 1, 1, 3, 2)

    out = CRPS()(pred, target, squash=False)

    torch.testing.assert_close(out, torch.zeros(2))


def test_crps_mask_nans_preserves_ensemble_sizes() -> None:
    pred = torch.ones(1, 1, 3, 2, 1)
    target = torch.ones(1, 1, 2, 2, 1)
    pred[:, :, 1, 0, 0] = torch.nan
    target[:, :, 0, 1, 0] = torch.nan

    masked_pred, masked_target = CRPS(ignore_nans=True).mask_nans(pred, target)

    assert masked_pred.shape == pred.shape
    assert masked_target.shape == target.shape
    assert torch.isfinite(masked_pred).all()
    assert torch.isfinite(masked_target).all()


@pytest.fixture
def functionalloss() -> type[FunctionalLoss]:
    class ReturnDifference(FunctionalLoss):
        def calculate_difference(self, pred: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
            return pred - target

    return ReturnDifference


@pytest.fixture
def loss_inputs() -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """Fixture for loss inputs."""
    tensor_shape = [1, 1, 1, 4, 2]

    pred = torch.zeros(tensor_shape)
    pred[0, 0, 0, 0] = torch.tensor([1.0, 1.0])
    target = torch.zeros(tensor_shape)

    # With only one "grid point" differing by 1 in all
    # variables, the loss should be 1.0

    loss_result = torch.tensor([1.0])
    return pred, target, loss_result


@pytest.fixture
def loss_inputs_fine(
    loss_inputs: tuple[torch.Tensor, torch.Tensor, torch.Tensor],
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """Fixture for loss inputs with finer grid."""
    pred, target, loss_result = loss_inputs

    pred = torch.cat([pred, pred], dim=2)
    target = torch.cat([target, target], dim=2)

    return pred, target, loss_result


def test_assert_of_grid_dim(functionalloss: type[FunctionalLoss]) -> None:
    """Test that the grid dimension is set correctly."""
    loss = functionalloss()
    loss.add_scaler(TensorDim.VARIABLE, 1.0, name="variable_test")

    assert TensorDim.GRID not in loss.scaler, "Grid dimension should not be set"

    with pytest.raises(RuntimeError):
        loss.scale(torch.ones((4, 2)))


@pytest.mark.parametrize("add_grid_scaler", [False, True])
def test_scale_subset_indices_requires_tuple(
    functionalloss: type[FunctionalLoss],
    add_grid_scaler: bool,
) -> None:
    loss = functionalloss()
    if add_grid_scaler:
        loss.add_scaler(TensorDim.GRID, torch.tensor([1.0, 2.0, 3.0, 4.0]), name="grid_test")

    x = torch.arange(1 * 1 * 1 * 4 * 5, dtype=torch.float32).reshape(1, 1, 1, 4, 5)
    with pytest.raises(TypeError, match="must be a tuple"):
        loss.scale(x, subset_indices=[Ellipsis, [1, 3]])


@pytest.fixture
def simple_functionalloss(functionalloss: type[FunctionalLoss]) -> FunctionalLoss:
    loss = functionalloss()
    loss.add_scaler(TensorDim.GRID, torch.ones((4,)), name="unit_scaler")
    return loss


@pytest.fixture
def functionalloss_with_scaler(simple_functionalloss: FunctionalLoss) -> FunctionalLoss:
    loss = simple_functionalloss
    loss.add_scaler(TensorDim.GRID, torch.rand((4,)), name="test")
    return loss


@pytest.fixture
def functionalloss_with_scaler_fine(functionalloss: FunctionalLoss) -> FunctionalLoss:
    loss = functionalloss()
    loss.add_scaler(TensorDim.GRID, torch.rand((8,)), name="test")
    return loss


def test_simple_functionalloss(
    simple_functionalloss: FunctionalLoss,
    loss_inputs: tuple[torch.Tensor, torch.Tensor, torch.Tensor],
) -> None:
    """Test a functional loss."""
    pred, target, loss_result = loss_inputs

    loss = simple_functionalloss(pred, target)

    assert isinstance(loss, torch.Tensor)
    assert torch.allclose(loss, loss_result), "Loss should be equal to the expected result"


def test_batch_invariance(
    simple_functionalloss: FunctionalLoss,
    loss_inputs: tuple[torch.Tensor, torch.Tensor, torch.Tensor],
) -> None:
    """Test for batch invariance."""
    pred, target, loss_result = loss_inputs

    pred_batch_size_1 = pred
    target_batch_size_1 = target

    new_shape = list(pred.shape)
    new_shape[0] = 4

    pred_batch_size_2 = pred.expand(new_shape)
    target_batch_size_2 = target.expand(new_shape)

    assert pred_batch_size_1.shape != pred_batch_size_2.shape, "Batch size should be different"

    loss_batch_size_1 = simple_functionalloss(pred_batch_size_1, target_batch_size_1)
    loss_batch_size_2 = simple_functionalloss(pred_batch_size_2, target_batch_size_2)

    assert isinstance(loss_batch_size_1, torch.Tensor)
    assert torch.allclose(loss_batch_size_1, loss_result), "Loss should be equal to the expected result"

    assert isinstance(loss_batch_size_2, torch.Tensor)
    assert torch.allclose(loss_batch_size_2, loss_result), "Loss should be equal to the expected result"

    assert torch.allclose(loss_batch_size_1, loss_batch_size_2), "Losses should be equal between batch sizes"


def test_batch_invariance_without_squash(
    simple_functionalloss: FunctionalLoss,
    loss_inputs: tuple[torch.Tensor, torch.Tensor, torch.Tensor],
) -> None:
    """Test for batch invariance."""
    pred, target, _ = loss_inputs

    pred_batch_size_1 = pred
    target_batch_size_1 = target

    new_shape = list(pred.shape)
    new_shape[0] = 2

    pred_batch_size_2 = pred.expand(new_shape)
    target_batch_size_2 = target.expand(new_shape)

    assert pred_batch_size_1.shape != pred_batch_size_2.shape, "Batch size should be different"

    loss_batch_size_1 = simple_functionalloss(pred_batch_size_1, target_batch_size_1, squash=False)
    loss_batch_size_2 = simple_functionalloss(pred_batch_size_2, target_batch_size_2, squash=False)

    assert isinstance(loss_batch_size_1, torch.Tensor)
    assert isinstance(loss_batch_size_2, torch.Tensor)

    assert torch.allclose(loss_batch_size_1, loss_batch_size_2), "Losses should be equal between batch sizes"


def test_batch_invariance_with_scaler(
    functionalloss_with_scaler: FunctionalLoss,
    loss_inputs: tuple[torch.Tensor, torch.Tensor, torch.Tensor],
) -> None:
    """Test for batch invariance."""
    pred, target, _ = loss_inputs

    pred_batch_size_1 = pred
    target_batch_size_1 = target

    new_shape = list(pred.shape)
    new_shape[0] = 2

    pred_batch_size_2 = pred.expand(new_shape)
    target_batch_size_2 = target.expand(new_shape)

    assert pred_batch_size_1.shape != pred_batch_size_2.shape

    loss_batch_size_1 = functionalloss_with_scaler(pred_batch_size_1, target_batch_size_1)
    loss_batch_size_2 = functionalloss_with_scaler(pred_batch_size_2, target_batch_size_2)

    assert isinstance(loss_batch_size_1, torch.Tensor)
    assert isinstance(loss_batch_size_2, torch.Tensor)

    assert torch.allclose(loss_batch_size_1, loss_batch_size_2), "Losses should be equal between batch sizes"


def test_grid_invariance(
    functionalloss_with_scaler: FunctionalLoss,
    functionalloss_with_scaler_fine: FunctionalLoss,
    loss_inputs: tuple[torch.Tensor, torch.Tensor, torch.Tensor],
) -> None:
    """Test for batch invariance."""
    gdim = TensorDim.GRID
    pred_coarse, target_coarse, _ = loss_inputs
    pred_fine = torch.cat([pred_coarse, pred_coarse], dim=gdim)
    target_fine = torch.cat([target_coarse, target_coarse], dim=gdim)

    num_points_coarse = pred_coarse.shape[gdim]
    num_points_fine = pred_fine.shape[gdim]

    functionalloss_with_scaler.update_scaler("test", torch.ones((num_points_coarse,)) / num_points_coarse)
    functionalloss_with_scaler_fine.update_scaler("test", torch.ones((num_points_fine,)) / num_points_fine)

    loss_coarse = functionalloss_with_scaler(pred_coarse, target_coarse)
    loss_fine = functionalloss_with_scaler_fine(pred_fine, target_fine)

    assert isinstance(loss_coarse, torch.Tensor)
    assert isinstance(loss_fine, torch.Tensor)

    assert torch.allclose(loss_coarse, loss_fine), "Losses should be equal between grid sizes"


@pytest.mark.parametrize(
    "loss_cls",
    losses,
)
def test_dynamic_init_include(loss_cls: type[BaseLoss]) -> None:
    loss_dic = (
        {
            "_target_": f"anemoi.training.losses.{loss_cls.__name__}",
        }
        if loss_cls not in spectral_losses
        else {
            "_target_": f"anemoi.training.losses.{loss_cls.__name__}",
            "x_dim": 4,
            "y_dim": 4,
        }
    )
    loss = get_loss_function(DictConfig(loss_dic))
    assert isinstance(loss, BaseLoss)


@pytest.mark.parametrize(
    "loss_cls",
    losses,
)
def test_dynamic_init_scaler(loss_cls: type[BaseLoss]) -> None:
    loss_dic = (
        {
            "_target_": f"anemoi.training.losses.{loss_cls.__name__}",
            "scalers": ["test"],
        }
        if loss_cls not in spectral_losses
        else {
            "_target_": f"anemoi.training.losses.{loss_cls.__name__}",
            "scalers": ["test"],
            "x_dim": 4,
            "y_dim": 4,
        }
    )
    loss = get_loss_function(
        DictConfig(loss_dic),
        scalers={"test": ((0, 1), torch.ones((1, 2)))},
    )
    assert isinstance(loss, BaseLoss)

    assert "test" in loss.scaler
    torch.testing.assert_close(loss.scaler.get_scaler(2), torch.ones((1, 2)))


@pytest.mark.parametrize(
    "loss_cls",
    losses,
)
def test_dynamic_init_add_all(loss_cls: type[BaseLoss]) -> None:
    loss_dic = (
        {
            "_target_": f"anemoi.training.losses.{loss_cls.__name__}",
            "scalers": ["*"],
        }
        if loss_cls not in spectral_losses
        else {
            "_target_": f"anemoi.training.losses.{loss_cls.__name__}",
            "scalers": ["*"],
            "x_dim": 4,
            "y_dim": 4,
        }
    )
    loss = get_loss_function(
        DictConfig(loss_dic),
        scalers={"test": ((0, 1), torch.ones((1, 2)))},
    )
    assert isinstance(loss, BaseLoss)

    assert "test" in loss.scaler
    torch.testing.assert_close(loss.scaler.get_scaler(2), torch.ones((1, 2)))


@pytest.mark.parametrize(
    "loss_cls",
    losses,
)
def test_dynamic_init_scaler_not_add(loss_cls: type[BaseLoss]) -> None:
    loss_dic = (
        {
            "_target_": f"anemoi.training.losses.{loss_cls.__name__}",
            "scalers": [],
        }
        if loss_cls not in spectral_losses
        else {
            "_target_": f"anemoi.training.losses.{loss_cls.__name__}",
            "scalers": [],
            "x_dim": 4,
            "y_dim": 4,
        }
    )
    loss = get_loss_function(
        DictConfig(loss_dic),
        scalers={"test": (-1, torch.ones(2))},
    )
    assert isinstance(loss, BaseLoss)
    assert "test" not in loss.scaler


@pytest.mark.parametrize(
    "loss_cls",
    losses,
)
def test_dynamic_init_scaler_exclude(loss_cls: type[BaseLoss]) -> None:
    loss_dic = (
        {
            "_target_": f"anemoi.training.losses.{loss_cls.__name__}",
            "scalers": ["*", "!test"],
        }
        if loss_cls not in spectral_losses
        else {
            "_target_": f"anemoi.training.losses.{loss_cls.__name__}",
            "x_dim": 4,
            "y_dim": 4,
            "scalers": ["*", "!test"],
        }
    )
    loss = get_loss_function(
        DictConfig(loss_dic),
        scalers={"test": (-1, torch.ones(2))},
    )
    assert isinstance(loss, BaseLoss)
    assert "test" not in loss.scaler


@pytest.mark.parametrize(
    "target",
    [
        "anemoi.training.losses.spectral.LogFFT2Distance",
        "anemoi.training.losses.spectral.FourierCorrelationLoss",
    ],
)
def test_fft2d_spectral_losses_shape_and_validation(target: str) -> None:
    """FFT2D spectral losses should produce expected output shapes and validate grid size."""
    loss = _make_loss(target, x_dim=710, y_dim=640)
    assert isinstance(loss, BaseLoss)
    assert hasattr(loss.transform, "x_dim")
    assert hasattr(loss.transform, "y_dim")

    # pred/target are (batch, steps, grid, vars)
    pred = torch.ones((6, 1, 1, 710 * 640, 2))
    target_tensor = torch.zeros((6, 1, 1, 710 * 640, 2))
    _assert_variable_and_scalar_shapes(loss, pred, target_tensor, nvars=2)

    # wrong grid size should fail (FFT2D reshape/assert)
    wrong = (torch.ones((6, 1, 1, 710 * 640 + 1, 2)), torch.zeros((6, 1, 1, 710 * 640 + 1, 2)))
    with pytest.raises(einops.EinopsError):
        _ = loss(*wrong, squash=True)


def test_iter_leaf_losses_flat() -> None:
    """Test that iter_leaf_losses on a simple loss yields itself."""
    loss = MSELoss()
    leaves = list(loss.iter_leaf_losses())
    assert len(leaves) == 1
    assert leaves[0] is loss


def _octahedral_expected_points(nlat: int) -> int:
    half = [4 * (i + 1) + 16 for i in range(nlat // 2)]
    nlon = half + half[::-1]
    return int(sum(nlon))


def test_sht_amse_loss() -> None:
    nlat = 8
    nvars = 3
    expected_points = _octahedral_expected_points(nlat)

    loss = _make_loss("anemoi.training.losses.spectral.SpectralAMSELoss", transform="octahedral_sht", nlat=nlat)
    pred = torch.zeros((2, 1, 1, expected_points, nvars))
    target = torch.zeros_like(pred)
    _assert_variable_and_scalar_shapes(loss, pred, target, nvars=nvars)

    # fail for transform without PSD method (e.g. FFT2D)
    with pytest.raises(hydra.errors.InstantiationException):
        _ = get_loss_function(
            DictConfig(
                {
                    "_target_": "anemoi.training.losses.spectral.SpectralAMSELoss",
                    "transform": "fft2d",
                    "x_dim": 710,
                    "y_dim": 640,
                    "scalers": [],
                },
            ),
        )


def test_octahedral_sht_loss() -> None:

    nlat = 8
    nvars = 3
    expected_points = _octahedral_expected_points(nlat)

    loss = _make_loss("anemoi.training.losses.spectral.SpectralL2Loss", transform="octahedral_sht", nlat=nlat)
    pred = torch.zeros((2, 1, 1, expected_points, nvars))
    target = torch.zeros_like(pred)
    _assert_variable_and_scalar_shapes(loss, pred, target, nvars=nvars)
    pred_wrong = torch.zeros((2, 1, 1, expected_points + 1, nvars))
    target_wrong = torch.zeros_like(pred_wrong)
    with pytest.raises(AssertionError):
        _ = loss(pred_wrong, target_wrong, squash=True)


def test_spectral_crps_fft_and_dct() -> None:
    bs, ens, nvars = 2, 5, 3
    x_dim, y_dim = 8, 6
    grid = x_dim * y_dim

    pred = torch.randn(bs, 1, ens, grid, nvars)
    target = torch.randn(bs, 1, 1, grid, nvars)

    for transform in ["fft2d", "dct2d"]:
        loss = _make_loss(
            "anemoi.training.losses.spectral.SpectralCRPSLoss",
            transform=transform,
            x_dim=x_dim,
            y_dim=y_dim,
        )

        _assert_variable_and_scalar_shapes(loss, pred, target, nvars=nvars)


def test_spectral_crps_octahedral_irregular_grid_ignore_nans() -> None:

    bs, ens, nvars = 2, 4, 2
    nlat = 8
    points = _octahedral_expected_points(nlat)

    pred = torch.randn(bs, 1, ens, points, nvars)
    target = torch.randn(bs, 1, 1, points, nvars)
    target[..., 0, 0] = torch.nan

    loss = MSELoss(ignore_nans=False)

    out = loss(pred, target)
    assert torch.isnan(out).any(), "Expected nan loss with ignore_nans=False"


def test_mse_ignore_nans() -> None:
    """MSELoss should ignore NaNs with ignore_nans=True."""
    pred = torch.randn(3, 4, 5, 6, 7)
    pred.requires_grad_()
    target = torch.randn(3, 4, 5, 6, 7)
    target[..., 0, 0] = torch.nan

    loss = MSELoss(ignore_nans=True)

    out = loss(pred, target)
    assert torch.isfinite(out).all(), "Expected finite loss with ignore_nans=True"

    (grad,) = torch.autograd.grad(out, pred, retain_graph=True)
    assert torch.isfinite(grad).all(), "Expected finite gradients"


def test_mse_nans() -> None:
    """MSELoss should propagate NaNs with ignore_nans=False."""
    pred = torch.randn(3, 4, 5, 6, 7)
    pred.requires_grad_()
    target = torch.randn(3, 4, 5, 6, 7)
    target[..., 0, 0] = torch.nan

    loss = MSELoss(ignore_nans=False)

    out = loss(pred, target)
    assert torch.isnan(out).any(), "Expected nan loss with ignore_nans=False"
