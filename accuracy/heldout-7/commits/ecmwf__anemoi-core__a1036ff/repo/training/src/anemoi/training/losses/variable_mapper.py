# (C) Copyright 2026- Anemoi contributors.
#
# This software is licensed under the terms of the Apache Licence Version 2.0
# which can be obtained at http://www.apache.org/licenses/LICENSE-2.0.
#
# In applying this licence, ECMWF does not waive the privileges and immunities
# granted to it by virtue of its status as an intergovernmental organisation
# nor does it submit to any jurisdiction.


import functools
import logging
from typing import Any

import torch
from torch.distributed.distributed_c10d import ProcessGroup

from anemoi.models.data_indices.collection import IndexCollection
from anemoi.training.losses.base import BaseLoss
from anemoi.training.losses.base import BaseLossWrapper
from anemoi.training.losses.base import Squash_mode
from anemoi.training.losses.scaler_tensor import ScaleTensor
from anemoi.training.utils.enums import TensorDim
from anemoi.training.utils.index_space import IndexSpace

LOGGER = logging.getLogger(__name__)


class LossVariableMapper(BaseLossWrapper):
    """Loss wrapper to filter variables to compute the loss on."""

    def __init__(
        self,
        loss: BaseLoss,
        predicted_variables: list[str] | None = None,
        target_variables: list[str] | None = None,
        data_indices: IndexCollection | None = None,
    ) -> None:
        """Loss wrapper to filter variables to compute the loss on.

        Parameters
        ----------
        loss : BaseLoss
            Wrapped loss module.
        predicted_variables : list[str] | None
            Predicted variables to keep. If None, all model-output variables are kept.
        target_variables : list[str] | None
            Target variables to keep. If None, predicted_variables are reused.
        data_indices : IndexCollection | None
            Optional tensor index metadata used to initialise layout-aware filtering eagerly.
        """
        if predicted_variables and target_variables:
            assert len(predicted_variables) == len(
                target_variables,
            ), "predicted and target variables must have the same length for loss computation"

        super().__init__(loss=loss)

        self._loss_scaler_specification = {}
        self.predicted_variables = list(predicted_variables) if predicted_variables is not None else None
        self.target_variables = list(target_variables) if target_variables is not None else None
        self.data_indices: IndexCollection | None = None
        self.predicted_indices_by_layout: dict[IndexSpace, list[int]] = {}
        self.target_indices_by_layout: dict[IndexSpace, list[int]] = {}
        if data_indices is not None:
            self.set_data_indices(data_indices)

    def _get_predicted_indices_for_scaler_variable_axis(self, variable_size: int) -> list[int] | None:
        if variable_size == 1:
            # Broadcast scalers do not need filtering.
            return None
        if not self.predicted_indices_by_layout:
            msg = (
                "LossVariableMapper must be initialised with data_indices before adding variable scalers. "
                "Pass data_indices to the constructor or call set_data_indices()."
            )
            raise RuntimeError(msg)

        layout_variable_sizes: dict[IndexSpace, int] = {
            IndexSpace.MODEL_OUTPUT: len(self.data_indices.model.output.full),
            IndexSpace.DATA_OUTPUT: len(self.data_indices.data.output.full),
            IndexSpace.DATA_FULL: len(self.data_indices.name_to_index),
        }

        matches: dict[IndexSpace, list[int]] = {}
        for layout, layout_size in layout_variable_sizes.items():
            if layout not in self.predicted_indices_by_layout or layout_size != variable_size:
                continue
            indices = self.predicted_indices_by_layout[layout]
            if indices and max(indices) >= variable_size:
                continue
            matches[layout] = indices

        for preferred_layout in (IndexSpace.MODEL_OUTPUT, IndexSpace.DATA_OUTPUT, IndexSpace.DATA_FULL):
            if preferred_layout in matches:
                indices = matches[preferred_layout]
                if indices == list(range(variable_size)):
                    return None
                return indices

        if self.predicted_variables is not None and variable_size == len(self.predicted_variables):
            # Scaler may already be pre-filtered to the requested variable subset.
            return None

        known_sizes = {layout.value: size for layout, size in layout_variable_sizes.items()}
        msg = (
            "Cannot map VARIABLE-axis scaler to a known index space. "
            f"Variable axis size: {variable_size}, "
            f"known sizes: {known_sizes}."
        )
        raise ValueError(msg)

    def _filter_variable_axis_scaler(
        self,
        dimension: int | tuple[int],
        scaler: torch.Tensor,
    ) -> torch.Tensor:
        dims = (dimension,) if isinstance(dimension, int) else tuple(dimension)
        if TensorDim.VARIABLE not in dims:
            return scaler

        # Filter any scaler carrying VARIABLE dim to the selected prediction variables.
        # This supports both pure VARIABLE scalers and mixed-dimension scalers like
        # (BATCH, GRID, VARIABLE).
        variable_axis = dims.index(TensorDim.VARIABLE)
        predicted_indices = self._get_predicted_indices_for_scaler_variable_axis(scaler.shape[variable_axis])
        if predicted_indices is None:
            return scaler

        predicted_indices_tensor = torch.as_tensor(
            predicted_indices,
            device=scaler.device,
            dtype=torch.long,
        )
        return scaler.index_select(variable_axis, predicted_indices_tensor)

    @functools.wraps(ScaleTensor.add_scaler)
    def add_scaler(self, dimension: int | tuple[int], scaler: torch.Tensor, *, name: str | None = None) -> None:
        scaler = self._filter_variable_axis_scaler(dimension, scaler)
        # Pass scalers to the inner loss so they are actually applied during loss computation
        self.loss.add_scaler(dimension=dimension, scaler=scaler, name=name)

    @functools.wraps(ScaleTensor.update_scaler)
    def update_scaler(self, name: str, scaler: torch.Tensor, *, override: bool = False) -> None:
        # Keep update behavior consistent with add_scaler for VARIABLE-axis scalers.
        if name in self.loss.scaler.tensors:
            dimension = self.loss.scaler.tensors[name][0]
            scaler = self._filter_variable_axis_scaler(dimension, scaler)
        self.loss.update_scaler(name=name, scaler=scaler, override=override)

    @staticmethod
    def _to_layout(layout: IndexSpace | str, *, layout_name: str) -> IndexSpace:
        if isinstance(layout, IndexSpace):
            return layout
        try:
            return IndexSpace(layout)
        except ValueError as e:
            msg = f"Invalid {layout_name}: {layout!r}. Expected one of {[item.value for item in IndexSpace]}"
            raise ValueError(msg) from e

    @staticmethod
    def _resolve_indices(
        variables: list[str],
        lookup: dict[str, int],
        *,
        layout: IndexSpace,
        role: str,
    ) -> list[int]:
        missing = [name for name in variables if name not in lookup]
        if missing:
            msg = (
                f"Cannot resolve {role} variables {missing} for layout '{layout.value}'. "
                "Check that the configured variables are compatible with this layout."
            )
            raise ValueError(msg)
        return [lookup[name] for name in variables]

    def set_data_indices(self, data_indices: IndexCollection) -> BaseLoss:
        """Hook to set the data indices for the loss."""
        self.data_indices = data_indices
        model_output_name_to_position = data_indices.model.output.name_to_position
        data_full_name_to_position = data_indices.data_full_name_to_position
        data_output_name_to_pos = data_indices.data.output.name_to_position

        if self.predicted_variables is None:
            self.predicted_variables = list(data_indices.model.output.ordered_names)
        if self.target_variables is None:
            # Default to one-to-one mapping with preserved order.
            self.target_variables = list(self.predicted_variables)

        assert len(self.predicted_variables) == len(
            self.target_variables,
        ), "predicted and target variables must have the same length for loss computation"

        self.predicted_indices_by_layout = {
            IndexSpace.MODEL_OUTPUT: self._resolve_indices(
                self.predicted_variables,
                model_output_name_to_position,
                layout=IndexSpace.MODEL_OUTPUT,
                role="predicted",
            ),
            IndexSpace.DATA_OUTPUT: self._resolve_indices(
                self.predicted_variables,
                data_output_name_to_pos,
                layout=IndexSpace.DATA_OUTPUT,
                role="predicted",
            ),
            IndexSpace.DATA_FULL: self._resolve_indices(
                self.predicted_variables,
                data_full_name_to_position,
                layout=IndexSpace.DATA_FULL,
                role="predicted",
            ),
        }
        self.target_indices_by_layout = {
            IndexSpace.DATA_OUTPUT: self._resolve_indices(
                self.target_variables,
                data_output_name_to_pos,
                layout=IndexSpace.DATA_OUTPUT,
                role="target",
            ),
            IndexSpace.DATA_FULL: self._resolve_indices(
                self.target_variables,
                data_full_name_to_position,
                layout=IndexSpace.DATA_FULL,
                role="target",
            ),
        }
        if all(name in model_output_name_to_position for name in self.target_variables):
            self.target_indices_by_layout[IndexSpace.MODEL_OUTPUT] = self._resolve_indices(
                self.target_variables,
                model_output_name_to_position,
                layout=IndexSpace.MODEL_OUTPUT,
                role="target",
            )
        return self

    @staticmethod
    def _maybe_to_index_list(indexer: Any) -> list[int] | None:
        if isinstance(indexer, int):
            return [indexer]
        if isinstance(indexer, range):
            return list(indexer)
        if isinstance(indexer, list | tuple):
            return [int(idx) for idx in indexer]
        if isinstance(indexer, torch.Tensor):
            if indexer.dtype == torch.bool:
                return torch.nonzero(indexer, as_tuple=False).reshape(-1).tolist()
            return indexer.reshape(-1).tolist()
        return None

    @staticmethod
    def _restore_indexer_type(mapped_indices: list[int], original_indexer: Any) -> Any:
        if isinstance(original_indexer, int):
            return mapped_indices[0] if len(mapped_indices) == 1 else mapped_indices
        if isinstance(original_indexer, torch.Tensor):
            return torch.as_tensor(mapped_indices, device=original_indexer.device, dtype=torch.long)
        return mapped_indices

    def _remap_scaler_indices_for_filtered_pred(
        self,
        scaler_indices: tuple[Any, ...],
        pred_indices: list[int],
    ) -> tuple[tuple[Any, ...], bool]:
        if len(scaler_indices) == 0:
            return scaler_indices, False

        variable_indexer = scaler_indices[-1]
        requested_indices = self._maybe_to_index_list(variable_indexer)
        if requested_indices is None:
            return scaler_indices, False

        pred_index_to_local = {index: pos for pos, index in enumerate(pred_indices)}
        mapped_indices = [pred_index_to_local[index] for index in requested_indices if index in pred_index_to_local]
        dropped_indices = [index for index in requested_indices if index not in pred_index_to_local]
        if dropped_indices:
            if len(mapped_indices) == 0:
                LOGGER.warning(
                    "LossVariableMapper dropped all requested scaler variable indices during filtering: "
                    "requested=%s dropped=%s filtered_predicted_indices=%s. "
                    "Metric selection is empty; forward() will return zeros for this call.",
                    requested_indices,
                    dropped_indices,
                    pred_indices,
                )
            else:
                LOGGER.debug(
                    "LossVariableMapper dropped scaler variable indices during filtering: "
                    "requested=%s kept_local=%s dropped=%s filtered_predicted_indices=%s",
                    requested_indices,
                    mapped_indices,
                    dropped_indices,
                    pred_indices,
                )
        remapped_scaler_indices = (*scaler_indices[:-1], self._restore_indexer_type(mapped_indices, variable_indexer))
        return remapped_scaler_indices, len(mapped_indices) == 0

    def forward(
        self,
        pred: torch.Tensor,
        target: torch.Tensor,
        squash: bool = True,
        *,
        scaler_indices: tuple[Any, ...] | None = None,
        without_scalers: list[str] | list[int] | None = None,
        grid_shard_slice: slice | None = None,
        group: ProcessGroup | None = None,
        squash_mode: Squash_mode = "avg",
        pred_layout: IndexSpace | str | None = None,
        target_layout: IndexSpace | str | None = None,
        **kwargs,
    ) -> torch.Tensor:
        if self.data_indices is None:
            msg = (
                "LossVariableMapper must be initialised with data_indices before use. "
                "Pass data_indices to the constructor or call set_data_indices()."
            )
            raise RuntimeError(msg)
        if pred_layout is None or target_layout is None:
            msg = "LossVariableMapper requires both 'pred_layout' and 'target_layout' kwargs."
            raise ValueError(msg)
        pred_layout = self._to_layout(pred_layout, layout_name="pred_layout")
        target_layout = self._to_layout(target_layout, layout_name="target_layout")

        if pred_layout not in self.predicted_indices_by_layout:
            msg = (
                f"pred_layout '{pred_layout.value}' is not available for this filtering configuration. "
                f"Available: {[layout.value for layout in self.predicted_indices_by_layout]}"
            )
            raise ValueError(msg)
        if target_layout not in self.target_indices_by_layout:
            msg = (
                f"target_layout '{target_layout.value}' is not available for this filtering configuration. "
                f"Available: {[layout.value for layout in self.target_indices_by_layout]}"
            )
            raise ValueError(msg)

        pred_indices = self.predicted_indices_by_layout[pred_layout]
        target_indices = self.target_indices_by_layout[target_layout]

        pred_filtered = pred[..., pred_indices]
        target_filtered = target[..., target_indices]

        loss_kwargs = dict(kwargs)
        loss_kwargs.update(
            {
                "scaler_indices": scaler_indices,
                "without_scalers": without_scalers,
                "grid_shard_slice": grid_shard_slice,
                "group": group,
                "squash_mode": squash_mode,
            },
        )

        empty_metric_selection = False
        if isinstance(scaler_indices, tuple):
            loss_kwargs["scaler_indices"], empty_metric_selection = self._remap_scaler_indices_for_filtered_pred(
                scaler_indices,
                pred_indices,
            )

        if empty_metric_selection:
            if squash:
                return torch.zeros((), dtype=pred.dtype, device=pred.device, requires_grad=False)
            len_model_output = pred.shape[-1]
            return torch.zeros(len_model_output, dtype=pred.dtype, device=pred.device, requires_grad=False)

        if squash:
            return self.loss(pred_filtered, target_filtered, squash=squash, **loss_kwargs)
        len_model_output = pred.shape[-1]
        loss = torch.zeros(len_model_output, dtype=pred.dtype, device=pred.device, requires_grad=False)
        loss_per_variable = self.loss(
            pred_filtered,
            target_filtered,
            squash=squash,
            **loss_kwargs,
        )
        loss[pred_indices] = loss_per_variable
        return loss
