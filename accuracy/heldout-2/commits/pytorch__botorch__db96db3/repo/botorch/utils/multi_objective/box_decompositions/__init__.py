#!/usr/bin/env python3
# Copyright (c) Meta Platforms, Inc. and affiliates.
#
# This source code is licensed under the MIT license found in the
# LICENSE file in the root directory of this source tree.


from botorch.utils.multi_objective.box_decompositions.box_decomposition_list import (  # noqa E501
    BoxDecompositionList,
)
from botorch.utils.multi_objective.box_decompositions.dominated import (
    DominatedPartitioning,
)
from botorch.utils.multi_objective.box_decompositions.non_dominated import (
    FastNondominatedPartitioning,
    NondominatedPartitioning,
)
from botorch.utils.multi_objective.box_decompositions.utils import (
    compute_dominated_hypercell_bounds_2d,
    compute_non_dominated_hypercell_bounds_2d,
)


__all__ = [
    "compute_dominated_hypercell_bounds_2d",
    "compute_non_dominated_hypercell_bounds_2d",
    "BoxDecompositionList",
    "DominatedPartitioning",
    "FastNondominatedPartitioning",
    "NondominatedPartitioning",
]
