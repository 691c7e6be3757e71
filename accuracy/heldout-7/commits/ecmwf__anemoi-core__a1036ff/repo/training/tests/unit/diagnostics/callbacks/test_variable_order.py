# (C) Copyright 2024 Anemoi contributors.
#
# This software is licensed under the terms of the Apache Licence Version 2.0
# which can be obtained at http://www.apache.org/licenses/LICENSE-2.0.
#
# In applying this licence, ECMWF does not waive the privileges and immunities
# granted to it by virtue of its status as an intergovernmental organisation
# nor does it submit to any jurisdiction.

import types
from typing import Any
from typing import Never
from unittest.mock import MagicMock

import pytest

from anemoi.models.data_indices.collection import IndexCollection
from anemoi.training.diagnostics.callbacks.sanity import CheckVariableOrder
from anemoi.training.train.methods.base import BaseTrainingModule
from anemoi.training.train.train import AnemoiTrainer


class DummyTrainingModule(BaseTrainingModule):

    def __init__(self) -> None:
        pass

    def _step(self, batch, validation_mode: bool = False) -> Never:  # noqa: ANN001
        raise NotImplementedError


@pytest.fixture
def name_to_index() -> dict:
    return {"a": 0, "b": 1, "c": 2}


@pytest.fixture
def name_to_index_permute() -> dict:
    return {"a": 0, "b": 2, "c": 1}


@pytest.fixture
def name_to_index_rename() -> dict:
    return {"a": 0, "b": 1, "d": 2}


@pytest.fixture
def name_to_index_partial_rename_permute() -> dict:
    return {"a": 2, "b": 1, "d": 0}


@pytest.fixture
def name_to_index_rename_permute() -> dict:
    return {"x": 2, "b": 1, "d": 0}


@pytest.fixture
def fake_trainer(mocker: Any, name_to_index: dict) -> AnemoiTrainer:
    trainer = mocker.Mock(spec=AnemoiTrainer)
    data_indices = {"data": mocker.Mock(spec=IndexCollection)}
    data_indices["data"].name_to_index = name_to_index
    trainer.datamodule.data_indices = data_indices
    trainer.datamodule.data_indices["data"].compare_variables = types.MethodType(
        IndexCollection.compare_variables,
        trainer.datamodule.data_indices,
    )
    return trainer


@pytest.fixture
def fake_pl_module(mocker: Any, name_to_index: dict) -> MagicMock:
    pl_module = mocker.Mock()
    pl_module._ckpt_model_name_to_index = {"data": name_to_index}
    pl_module._ckpt_variables_metadata = None
    return pl_module


@pytest.fixture
def callback() -> CheckVariableOrder:
    callback = CheckVariableOrder()
    assert callback is not None
    assert hasattr(callback, "on_train_start")
    assert hasattr(callback, "on_validation_start")
    assert hasattr(callback, "on_test_start")

    return callback


def test_on_epoch(
    fake_trainer: AnemoiTrainer,
    fake_pl_module: MagicMock,
    callback: CheckVariableOrder,
    name_to_index: dict,
) -> None:
    """Test all epoch functions with "working" indices."""
    fake_trainer.datamodule.ds_train.name_to_index = {"data": name_to_index}
    fake_trainer.datamodule.ds_valid.name_to_index = {"data": name_to_index}
    fake_trainer.datamodule.ds_test.name_to_index = {"data": name_to_index}
    callback.on_train_start(fake_trainer, fake_pl_module)
    callback.on_validation_start(fake_trainer, fake_pl_module)
    callback.on_test_start(fake_trainer, fake_pl_module)

    assert (
        fake_trainer.datamodule.data_indices["data"].compare_variables(
            fake_pl_module._ckpt_model_name_to_index,
            {"data": name_to_index},
        )
        is None
    )


def test_on_epoch_permute(
    fake_trainer: AnemoiTrainer,
    fake_pl_module: MagicMock,
    callback: CheckVariableOrder,
    name_to_index_permute: dict,
) -> None:
    """Test all epoch functions with permuted indices.

    Expecting errors in all cases.
    """
    fake_trainer.datamodule.ds_train.name_to_index = {"data": name_to_index_permute}
    fake_trainer.datamodule.ds_valid.name_to_index = {"data": name_to_index_permute}
    fake_trainer.datamodule.ds_test.name_to_index = {"data": name_to_index_permute}
    with pytest.raises(ValueError, match="Detected a different sort order of the same variables:") as exc_info:
        callback.on_train_start(fake_trainer, fake_pl_module)
    assert "{'c': (2, 1), 'b': (1, 2)}" in str(exc_info.value) or "{'b': (1, 2), 'c': (2, 1)}" in str(exc_info.value)
    with pytest.raises(ValueError, match="Detected a different sort order of the same variables:") as exc_info:
        callback.on_validation_start(fake_trainer, fake_pl_module)
    assert "{'c': (2, 1), 'b': (1, 2)}" in str(exc_info.value) or "{'b': (1, 2), 'c': (2, 1)}" in str(exc_info.value)
    with pytest.raises(ValueError, match="Detected a different sort order of the same variables:") as exc_info:
        callback.on_test_start(fake_trainer, fake_pl_module)
    assert "{'c': (2, 1), 'b': (1, 2)}" in str(exc_info.value) or "{'b': (1, 2), 'c': (2, 1)}" in str(exc_info.value)

    with pytest.raises(ValueError, match="Detected a different sort order of the same variables:") as exc_info:
        fake_trainer.datamodule.data_indices["data"].compare_variables(
            fake_pl_module._ckpt_model_name_to_index["data"],
            name_to_index_permute,
        )
    assert "{'c': (2, 1), 'b': (1, 2)}" in str(exc_info.value) or "{'b': (1, 2), 'c': (2, 1)}" in str(exc_info.value)


def test_on_epoch_rename(
    fake_trainer: AnemoiTrainer,
    fake_pl_module: MagicMock,
    callback: CheckVariableOrder,
    name_to_index_rename: dict,
) -> None:
    """Test all epoch functions with renamed indices.

    Expecting passes in all cases.
    """
    fake_trainer.datamodule.ds_train.name_to_index = {"data": name_to_index_rename}
    fake_trainer.datamodule.ds_valid.name_to_index = {"data": name_to_index_rename}
    fake_trainer.datamodule.ds_test.name_to_index = {"data": name_to_index_rename}
    callback.on_train_start(fake_trainer, fake_pl_module)
    callback.on_validation_start(fake_trainer, fake_pl_module)
    callback.on_test_start(fake_trainer, fake_pl_module)

    fake_trainer.datamodule.data_indices["data"].compare_variables(
        fake_pl_module._ckpt_model_name_to_index["data"],
        name_to_index_rename,
    )


def test_on_epoch_rename_permute(
    fake_trainer: AnemoiTrainer,
    fake_pl_module: MagicMock,
    callback: CheckVariableOrder,
    name_to_index_rename_permute: dict,
) -> None:
    """Test all epoch functions with renamed and permuted indices.

    Expects all passes (but warnings).
    """
    fake_trainer.datamodule.ds_train.name_to_index = {"data": name_to_index_rename_permute}
    fake_trainer.datamodule.ds_valid.name_to_index = {"data": name_to_index_rename_permute}
    fake_trainer.datamodule.ds_test.name_to_index = {"data": name_to_index_rename_permute}
    callback.on_train_start(fake_trainer, fake_pl_module)
    callback.on_validation_start(fake_trainer, fake_pl_module)
    callback.on_test_start(fake_trainer, fake_pl_module)

    fake_trainer.datamodule.data_indices["data"].compare_variables(
        fake_pl_module._ckpt_model_name_to_index["data"],
        name_to_index_rename_permute,
    )


def test_on_epoch_partial_rename_permute(
    fake_trainer: AnemoiTrainer,
    fake_pl_module: MagicMock,
    callback: CheckVariableOrder,
    name_to_index_partial_rename_permute: dict,
) -> None:
    """Test all epoch functions with partially renamed and permuted indices.

    Expects all errors.
    """
    fake_trainer.datamodule.ds_train.name_to_index = {"data": name_to_index_partial_rename_permute}
    fake_trainer.datamodule.ds_valid.name_to_index = {"data": name_to_index_partial_rename_permute}
    fake_trainer.datamodule.ds_test.name_to_index = {"data": name_to_index_partial_rename_permute}
    with pytest.raises(ValueError, match=r"The variable order in the model and data is different."):
        callback.on_train_start(fake_trainer, fake_pl_module)
    with pytest.raises(ValueError, match=r"The variable order in the model and data is different."):
        callback.on_validation_start(fake_trainer, fake_pl_module)
    with pytest.raises(ValueError, match=r"The variable order in the model and data is different."):
        callback.on_test_start(fake_trainer, fake_pl_module)

    with pytest.raises(ValueError, match=r"The variable order in the model and data is different."):
        fake_trainer.datamodule.data_indices["data"].compare_variables(
            fake_pl_module._ckpt_model_name_to_index["data"],
            name_to_index_partial_rename_permute,
        )


def test_on_epoch_wrong_validation(
    fake_trainer: AnemoiTrainer,
    fake_pl_module: MagicMock,
    callback: CheckVariableOrder,
    name_to_index: dict,
    name_to_index_permute: dict,
    name_to_index_rename: dict,
) -> None:
    """Test all epoch functions with "working" indices, but different validation indices."""
    fake_trainer.datamodule.ds_train.name_to_index = {"data": name_to_index}
    fake_trainer.datamodule.ds_valid.name_to_index = {"data": name_to_index_permute}
    fake_trainer.datamodule.ds_test.name_to_index = {"data": name_to_index_rename}
    callback.on_train_start(fake_trainer, fake_pl_module)
    with pytest.raises(ValueError, match="Detected a different sort order of the same variables:") as exc_info:
        callback.on_validation_start(fake_trainer, fake_pl_module)
    assert " {'c': (2, 1), 'b': (1, 2)}" in str(
        exc_info.value,
    ) or "{'b': (1, 2), 'c': (2, 1)}" in str(exc_info.value)
    callback.on_test_start(fake_trainer, fake_pl_module)

    assert (
        fake_trainer.datamodule.data_indices["data"].compare_variables(
            fake_pl_module._ckpt_model_name_to_index["data"],
            name_to_index,
        )
        is None
    )


def test_on_load_checkpoint_restores_name_to_index() -> None:
    """Test that on_load_checkpoint correctly restores _ckpt_model_name_to_index."""
    module = DummyTrainingModule.__new__(DummyTrainingModule)
    dataset_name = "test_dataset"
    module.config = types.SimpleNamespace(
        training=types.SimpleNamespace(
            update_ds_stats_on_ckpt_load=types.SimpleNamespace(states=False, tendencies=False),
        ),
    )

    mock_name_to_index = {"var1": 0, "var2": 1}
    mock_checkpoint = {
        "hyper_parameters": {
            "data_indices": {
                dataset_name: MagicMock(name_to_index=mock_name_to_index),
            },
        },
    }
    # Act
    module.on_load_checkpoint(mock_checkpoint)

    # Assert
    assert module._ckpt_model_name_to_index == {dataset_name: mock_name_to_index}


# --- Tests for _check_variable_units via CheckVariableOrder ---


def test_check_variable_units_compatible(mocker: Any) -> None:
    """Test that compatible units pass without error via callback."""
    callback = CheckVariableOrder()
    trainer = mocker.Mock()
    trainer.datamodule.metadata = {
        "era5": {
            "variables_metadata": {
                "t2m": {"units": "K"},
                "u10": {"units": "m s**-1"},
            },
        },
    }
    pl_module = mocker.Mock()
    pl_module._ckpt_variables_metadata = {
        "era5": {
            "t2m": {"units": "K"},
            "u10": {"units": "m s**-1"},
        },
    }

    # Should not raise
    callback._check_variable_units(trainer, pl_module)


def test_check_variable_units_incompatible(mocker: Any) -> None:
    """Test that incompatible units raise ValueError via callback with dataset context."""
    callback = CheckVariableOrder()
    trainer = mocker.Mock()
    trainer.datamodule.metadata = {
        "era5": {
            "variables_metadata": {
                "t2m": {"units": "C"},
                "u10": {"units": "m s**-1"},
            },
        },
    }
    pl_module = mocker.Mock()
    pl_module._ckpt_variables_metadata = {
        "era5": {
            "t2m": {"units": "K"},
            "u10": {"units": "m s**-1"},
        },
    }

    with pytest.raises(ValueError, match="dataset 'era5'"):
        callback._check_variable_units(trainer, pl_module)


def test_check_variable_units_no_checkpoint_metadata(mocker: Any) -> None:
    """Test that missing checkpoint variables_metadata warns but doesn't error."""
    callback = CheckVariableOrder()
    trainer = mocker.Mock()
    trainer.datamodule.metadata = {"era5": {"variables_metadata": {"t2m": {"units": "K"}}}}
    pl_module = mocker.Mock()
    pl_module._ckpt_variables_metadata = None

    # Should not raise
    callback._check_variable_units(trainer, pl_module)


def test_check_variable_units_no_dataset_metadata(mocker: Any) -> None:
    """Test that missing dataset variables_metadata warns but doesn't error."""
    callback = CheckVariableOrder()
    trainer = mocker.Mock()
    trainer.datamodule.metadata = {"era5": {}}
    pl_module = mocker.Mock()
    pl_module._ckpt_variables_metadata = {"era5": {"t2m": {"units": "K"}}}

    # Should not raise
    callback._check_variable_units(trainer, pl_module)
