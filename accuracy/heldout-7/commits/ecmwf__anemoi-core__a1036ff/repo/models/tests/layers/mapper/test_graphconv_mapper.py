# (C) Copyright 2024 Anemoi contributors.
#
# This software is licensed under the terms of the Apache Licence Version 2.0
# which can be obtained at http://www.apache.org/licenses/LICENSE-2.0.
#
# In applying this licence, ECMWF does not waive the privileges and immunities
# granted to it by virtue of its status as an intergovernmental organisation
# nor does it submit to any jurisdiction.

from dataclasses import asdict
from dataclasses import dataclass
from dataclasses import field

import pytest
import torch
from torch import nn
from torch_geometric.data import HeteroData

from anemoi.models.distributed.shapes import BipartiteGraphShardInfo
from anemoi.models.layers.graph_provider import create_graph_provider
from anemoi.models.layers.mapper import GNNBackwardMapper
from anemoi.models.layers.mapper import GNNBaseMapper
from anemoi.models.layers.mapper import GNNForwardMapper
from anemoi.models.layers.utils import load_layer_kernels
from anemoi.utils.config import DotDict


class ConcreteGNNBaseMapper(GNNBaseMapper):
    """Concrete implementation of GNNBaseMapper for testing."""

    def pre_process(self, x):
        x_src, x_dst = x
        return x_src, x_dst

    def post_process(self, x_dst, **kwargs):
        return x_dst


@dataclass
class MapperConfig:
    in_channels_src: int = 3
    in_channels_dst: int = 4
    hidden_dim: int = 256
    out_channels_dst: int = 8
    num_chunks: int = 2
    mlp_extra_layers: int = 2
    cpu_offload: bool = False
    layer_kernels: field(default_factory=DotDict) = None
    edge_dim: int = None  # Will be set from graph_provider

    def __post_init__(self):
        self.layer_kernels = load_layer_kernels(instance=False)


class TestGNNBaseMapper:
    """Test the GNNBaseMapper class."""

    NUM_SRC_NODES: int = 200
    NUM_DST_NODES: int = 178
    NUM_EDGES: int = 300

    @pytest.fixture
    def mapper_init(self):
        return MapperConfig()

    @pytest.fixture
    def graph_provider(self, fake_graph, device):
        provider = create_graph_provider(
            graph=fake_graph[("nodes", "to", "nodes")],
            edge_attributes=["edge_attr1", "edge_attr2"],
            src_size=self.NUM_SRC_NODES,
            dst_size=self.NUM_DST_NODES,
            trainable_size=6,
        )
        return provider.to(device)

    @pytest.fixture
    def mapper(self, mapper_init, graph_provider, device):
        config = asdict(mapper_init)
        config["edge_dim"] = graph_provider.edge_dim
        return ConcreteGNNBaseMapper(**config).to(device)

    @pytest.fixture
    def pair_tensor(self, mapper_init, device):
        return (
            torch.rand(self.NUM_SRC_NODES, mapper_init.in_channels_src, device=device),
            torch.rand(self.NUM_DST_NODES, mapper_init.in_channels_dst, device=device),
        )

    @pytest.fixture(scope="module")
    def fake_graph(self, device) -> HeteroData:
        """Fake graph."""
        graph = HeteroData()
        graph[("nodes", "to", "nodes")].edge_index = torch.concat(
            [
                torch.randint(0, self.NUM_SRC_NODES, (1, self.NUM_EDGES), device=device),
                torch.randint(0, self.NUM_DST_NODES, (1, self.NUM_EDGES), device=device),
            ],
            axis=0,
        )
        graph[("nodes", "to", "nodes")].edge_attr1 = torch.rand((self.NUM_EDGES, 1), device=device)
        graph[("nodes", "to", "nodes")].edge_attr2 = torch.rand((self.NUM_EDGES, 32), device=device)
        return graph

    def test_initialization(self, mapper, mapper_init):
        assert isinstance(mapper, GNNBaseMapper)
        assert mapper.in_channels_src == mapper_init.in_channels_src
        assert mapper.in_channels_dst == mapper_init.in_channels_dst
        assert mapper.hidden_dim == mapper_init.hidden_dim
        assert mapper.out_channels_dst == mapper_init.out_channels_dst
        assert mapper.layer_factory is not None

    def test_pre_process(self, mapper, mapper_init, pair_tensor):
        # Should be a no-op in the base class
        x = pair_tensor

        x_src, x_dst = mapper.pre_process(x)
        assert x_src.shape == torch.Size(
            x[0].shape
        ), f"x_src.shape ({x_src.shape}) != torch.Size(x[0].shape) ({torch.Size(x[0].shape)})"
        assert x_dst.shape == torch.Size(
            x[1].shape
        ), f"x_dst.shape ({x_dst.shape}) != torch.Size(x[1].shape) ({x[1].shape})"

    def test_post_process(self, mapper, pair_tensor):
        # Should be a no-op in the base class
        x_dst = pair_tensor[1]

        result = mapper.post_process(x_dst)
        assert torch.equal(result, x_dst)


class TestGNNForwardMapper(TestGNNBaseMapper):
    """Test the GNNForwardMapper class."""

    @pytest.fixture
    def mapper(self, mapper_init, graph_provider, device):
        config = asdict(mapper_init)
        config["edge_dim"] = graph_provider.edge_dim
        del config["out_channels_dst"]  # Not needed for forward mapper
        return GNNForwardMapper(**config).to(device)

    def test_initialization(self, mapper, mapper_init):
        assert isinstance(mapper, GNNBaseMapper)
        assert mapper.in_channels_src == mapper_init.in_channels_src
        assert mapper.in_channels_dst == mapper_init.in_channels_dst
        assert mapper.hidden_dim == mapper_init.hidden_dim
        # Forward mapper doesn't have out_channels_dst
        assert mapper.layer_factory is not None

    def test_pre_process(self, mapper, mapper_init, pair_tensor):
        x = pair_tensor

        x_src, x_dst = mapper.pre_process(x)
        assert x_src.shape == torch.Size([self.NUM_SRC_NODES, mapper_init.hidden_dim]), (
            f"x_src.shape ({x_src.shape}) != torch.Size"
            f"([self.NUM_SRC_NODES, hidden_dim]) ({torch.Size([self.NUM_SRC_NODES, mapper_init.hidden_dim])})"
        )
        assert x_dst.shape == torch.Size([self.NUM_DST_NODES, mapper_init.hidden_dim]), (
            f"x_dst.shape ({x_dst.shape}) != torch.Size"
            "([self.NUM_DST_NODES, hidden_dim]) ({torch.Size([self.NUM_DST_NODES, hidden_dim])})"
        )

    def test_forward_backward(self, mapper_init, mapper, pair_tensor, graph_provider):

        x = pair_tensor
        batch_size = 1
        shard_info = BipartiteGraphShardInfo(
            src_nodes=[self.NUM_SRC_NODES], dst_nodes=[self.NUM_DST_NODES], edges=[self.NUM_EDGES * batch_size]
        )

        edge_attr, edge_index, _ = graph_provider.get_edges(batch_size=batch_size)
        x_src, x_dst = mapper.forward(x, batch_size, shard_info, edge_attr, edge_index)
        assert x_src.shape == torch.Size([self.NUM_SRC_NODES, mapper_init.hidden_dim])
        assert x_dst.shape == torch.Size([self.NUM_DST_NODES, mapper_init.hidden_dim])

        # Dummy loss
        target = torch.rand(self.NUM_DST_NODES, mapper_init.hidden_dim, device=x_dst.device)
        loss_fn = nn.MSELoss()

        loss = loss_fn(x_dst, target)

        # Check loss
        assert loss.item() >= 0

        loss.backward()

        # Check gradients
        assert graph_provider.trainable.trainable.grad is not None
        assert graph_provider.trainable.trainable.grad.shape == graph_provider.trainable.trainable.shape

        for param in mapper.parameters():
            assert param.grad is not None, f"param.grad is None for {param}"
            assert (
                param.grad.shape == param.shape
            ), f"param.grad.shape ({param.grad.shape}) != param.shape ({param.shape}) for {param}"

    def test_unsorted_edge_flag_reaches_sharding(self, mapper_init, mapper, pair_tensor, graph_provider, monkeypatch):
        x = pair_tensor
        batch_size = 1
        shard_info = BipartiteGraphShardInfo(src_nodes=[self.NUM_SRC_NODES], dst_nodes=[self.NUM_DST_NODES], edges=None)
        edge_attr, edge_index, _ = graph_provider.get_edges(batch_size=batch_size, shard_edges=False)
        called = {}

        def fake_shard_edges_1hop(
            edge_attr,
            edge_index,
            src_size,
            dst_size,
            model_comm_group,
            edges_are_dst_sorted=True,
        ):
            called["edges_are_dst_sorted"] = edges_are_dst_sorted
            return edge_attr, edge_index, None

        monkeypatch.setattr("anemoi.models.layers.mapper.shard_edges_1hop", fake_shard_edges_1hop)

        x_src, x_dst = mapper.forward(
            x,
            batch_size,
            shard_info,
            edge_attr,
            edge_index,
            edges_are_dst_sorted=False,
        )

        assert called["edges_are_dst_sorted"] is False
        assert x_src.shape == torch.Size([self.NUM_SRC_NODES, mapper_init.hidden_dim])
        assert x_dst.shape == torch.Size([self.NUM_DST_NODES, mapper_init.hidden_dim])


class TestGNNBackwardMapper(TestGNNBaseMapper):
    """Test the GNNBackwardMapper class."""

    @pytest.fixture
    def mapper(self, mapper_init, graph_provider, device):
        config = asdict(mapper_init)
        config["edge_dim"] = graph_provider.edge_dim
        return GNNBackwardMapper(**config).to(device)

    def test_pre_process(self, mapper, mapper_init, pair_tensor):
        x = pair_tensor

        x_src, x_dst = mapper.pre_process(x)
        assert x_src.shape == torch.Size([self.NUM_SRC_NODES, mapper_init.in_channels_src]), (
            f"x_src.shape ({x_src.shape}) != torch.Size"
            f"([self.NUM_SRC_NODES, in_channels_src]) ({torch.Size([self.NUM_SRC_NODES, mapper_init.in_channels_src])})"
        )
        assert x_dst.shape == torch.Size([self.NUM_DST_NODES, mapper_init.in_channels_dst]), (
            f"x_dst.shape ({x_dst.shape}) != torch.Size"
            f"([self.NUM_DST_NODES, in_channels_dst]) ({torch.Size([self.NUM_DST_NODES, mapper_init.in_channels_dst])})"
        )

    def test_post_process(self, mapper, mapper_init):
        x_dst = torch.rand(
            self.NUM_DST_NODES,
            mapper_init.hidden_dim,
            device=next(mapper.parameters()).device,
        )

        result = mapper.post_process(x_dst)
        assert (
            torch.Size([self.NUM_DST_NODES, mapper_init.out_channels_dst]) == result.shape
        ), f"[self.NUM_DST_NODES, out_channels_dst] ({[self.NUM_DST_NODES, mapper_init.out_channels_dst]}) != result.shape ({result.shape})"

    def test_forward_backward(self, mapper_init, mapper, pair_tensor, graph_provider):
        pair_tensor
        batch_size = 1
        shard_info = BipartiteGraphShardInfo(
            src_nodes=[self.NUM_SRC_NODES], dst_nodes=[self.NUM_DST_NODES], edges=[self.NUM_EDGES]
        )

        device = next(mapper.parameters()).device
        x = (
            torch.rand(self.NUM_SRC_NODES, mapper_init.hidden_dim, device=device),
            torch.rand(self.NUM_DST_NODES, mapper_init.hidden_dim, device=device),
        )

        edge_attr, edge_index, _ = graph_provider.get_edges(batch_size=batch_size)
        result = mapper.forward(x, batch_size, shard_info, edge_attr, edge_index)
        assert result.shape == torch.Size([self.NUM_DST_NODES, mapper_init.out_channels_dst])

        # Dummy loss
        target = torch.rand(self.NUM_DST_NODES, mapper_init.out_channels_dst, device=result.device)
        loss_fn = nn.MSELoss()

        loss = loss_fn(result, target)

        # Check loss
        assert loss.item() >= 0

        loss.backward()

        # Check gradients
        assert graph_provider.trainable.trainable.grad is not None
        assert graph_provider.trainable.trainable.grad.shape == graph_provider.trainable.trainable.shape

        for param in mapper.parameters():
            assert param.grad is not None, f"param.grad is None for {param}"
            assert (
                param.grad.shape == param.shape
            ), f"param.grad.shape ({param.grad.shape}) != param.shape ({param.shape}) for {param}"

    def test_unsorted_edge_flag_reaches_sharding(self, mapper_init, mapper, graph_provider, device, monkeypatch):
        batch_size = 1
        shard_info = BipartiteGraphShardInfo(src_nodes=[self.NUM_SRC_NODES], dst_nodes=[self.NUM_DST_NODES], edges=None)
        x = (
            torch.rand(self.NUM_SRC_NODES, mapper_init.hidden_dim, device=device),
            torch.rand(self.NUM_DST_NODES, mapper_init.hidden_dim, device=device),
        )
        edge_attr, edge_index, _ = graph_provider.get_edges(batch_size=batch_size, shard_edges=False)
        called = {}

        def fake_shard_edges_1hop(
            edge_attr,
            edge_index,
            src_size,
            dst_size,
            model_comm_group,
            edges_are_dst_sorted=True,
        ):
            called["edges_are_dst_sorted"] = edges_are_dst_sorted
            return edge_attr, edge_index, None

        monkeypatch.setattr("anemoi.models.layers.mapper.shard_edges_1hop", fake_shard_edges_1hop)

        result = mapper.forward(
            x,
            batch_size,
            shard_info,
            edge_attr,
            edge_index,
            edges_are_dst_sorted=False,
        )

        assert called["edges_are_dst_sorted"] is False
        assert result.shape == torch.Size([self.NUM_DST_NODES, mapper_init.out_channels_dst])
