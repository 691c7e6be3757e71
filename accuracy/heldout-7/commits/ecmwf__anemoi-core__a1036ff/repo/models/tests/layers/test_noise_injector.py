# (C) Copyright 2025 Anemoi contributors.
#
# This software is licensed under the terms of the Apache Licence Version 2.0
# which can be obtained at http://www.apache.org/licenses/LICENSE-2.0.
#
# In applying this licence, ECMWF does not waive the privileges and immunities
# granted to it by virtue of its status as an intergovernmental organisation
# nor does it submit to any jurisdiction.

import pytest
import torch
from torch_geometric.data import HeteroData

from anemoi.models.layers.ensemble import NoiseConditioning


def _build_noise_graph(
    source_node_name: str = "src_noise",
    target_node_name: str = "dst_hidden",
) -> tuple[HeteroData, tuple[str, str, str]]:
    graph = HeteroData()
    graph[source_node_name].num_nodes = 2
    graph[target_node_name].num_nodes = 4

    edge_index = torch.tensor([[0, 1, 0, 1, 0, 1, 0, 1], [0, 0, 1, 1, 2, 2, 3, 3]])
    edge_weight = torch.tensor([0.3, 0.7, 0.3, 0.7, 0.3, 0.7, 0.3, 0.7])

    noise_edges_name = (source_node_name, "to", target_node_name)
    graph[noise_edges_name].edge_index = edge_index
    graph[noise_edges_name].gauss_weight = edge_weight
    return graph, noise_edges_name


def test_noise_conditioning_graph_projection_shape() -> None:
    graph, noise_edges_name = _build_noise_graph()
    injector = NoiseConditioning(
        noise_std=1,
        noise_channels_dim=2,
        noise_mlp_hidden_dim=4,
        layer_kernels={},
        noise_edges_name=noise_edges_name,
        edge_weight_attribute="gauss_weight",
        row_normalize_noise_matrix=False,
        graph_data=graph,
    )

    batch_size = 2
    ensemble_size = 3
    hidden_nodes = graph[noise_edges_name[2]].num_nodes
    x = torch.zeros((batch_size * ensemble_size * hidden_nodes, 8))

    _, noise = injector(
        x=x,
        batch_size=batch_size,
        ensemble_size=ensemble_size,
        grid_size=hidden_nodes,
        grid_shard_sizes=[],
    )

    assert noise is not None
    assert noise.shape == (batch_size * ensemble_size * hidden_nodes, injector.noise_channels)


def test_noise_conditioning_rejects_mixed_sources() -> None:
    graph, noise_edges_name = _build_noise_graph()
    with pytest.raises(AssertionError, match="noise_matrix or noise_edges_name"):
        NoiseConditioning(
            noise_std=1,
            noise_channels_dim=2,
            noise_mlp_hidden_dim=4,
            layer_kernels={},
            noise_matrix="dummy.npz",
            noise_edges_name=noise_edges_name,
            edge_weight_attribute="gauss_weight",
            graph_data=graph,
        )


def test_noise_conditioning_requires_graph_data() -> None:
    _, noise_edges_name = _build_noise_graph()
    with pytest.raises(AssertionError, match="graph_data must be provided"):
        NoiseConditioning(
            noise_std=1,
            noise_channels_dim=2,
            noise_mlp_hidden_dim=4,
            layer_kernels={},
            noise_edges_name=noise_edges_name,
            edge_weight_attribute="gauss_weight",
            graph_data=None,
        )
