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
from torch_geometric.data import HeteroData

from anemoi.models.layers.graph_provider import create_graph_provider
from anemoi.models.layers.mapper import BaseMapper
from anemoi.models.layers.utils import load_layer_kernels
from anemoi.utils.config import DotDict


class ConcreteBaseMapper(BaseMapper):
    """Concrete implementation of BaseMapper for testing."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        # Simple dummy processor
        self.proc = torch.nn.Identity()

    def pre_process(self, x):
        x_src, x_dst = x
        return x_src, x_dst

    def post_process(self, x_dst, **kwargs):
        return x_dst

    def forward(self, x, batch_size, shard_info, graph_provider, model_comm_group=None, **kwargs):
        """Simple forward implementation for testing."""
        x_src, x_dst = self.pre_process(x)
        # Simple identity operation
        result = self.post_process(x_dst)
        return result


@dataclass
class BaseMapperConfig:
    in_channels_src: int = 3
    in_channels_dst: int = 3
    hidden_dim: int = 128
    out_channels_dst: int = 5
    cpu_offload: bool = False
    layer_kernels: field(default_factory=DotDict) = None
    edge_dim: int = None  # Will be set from graph_provider

    def __post_init__(self):
        self.layer_kernels = load_layer_kernels(instance=False)


class TestBaseMapper:
    """Test the BaseMapper class."""

    NUM_EDGES: int = 100
    NUM_SRC_NODES: int = 100
    NUM_DST_NODES: int = 200

    @pytest.fixture
    def mapper_init(self):
        return BaseMapperConfig()

    @pytest.fixture
    def graph_provider(self, fake_graph):
        return create_graph_provider(
            graph=fake_graph[("nodes", "to", "nodes")],
            edge_attributes=["edge_attr1", "edge_attr2"],
            src_size=self.NUM_SRC_NODES,
            dst_size=self.NUM_DST_NODES,
            trainable_size=6,
        )

    @pytest.fixture
    def mapper(self, mapper_init, graph_provider):
        config = asdict(mapper_init)
        config["edge_dim"] = graph_provider.edge_dim
        return ConcreteBaseMapper(**config)

    @pytest.fixture
    def pair_tensor(self, mapper_init):
        return (
            torch.rand(mapper_init.in_channels_src, mapper_init.hidden_dim),
            torch.rand(mapper_init.in_channels_dst, mapper_init.hidden_dim),
        )

    @pytest.fixture
    def fake_graph(self) -> HeteroData:
        """Fake graph."""
        graph = HeteroData()
        graph[("nodes", "to", "nodes")].edge_index = torch.concat(
            [
                torch.randint(0, self.NUM_SRC_NODES, (1, self.NUM_EDGES)),
                torch.randint(0, self.NUM_DST_NODES, (1, self.NUM_EDGES)),
            ],
            axis=0,
        )
        graph[("nodes", "to", "nodes")].edge_attr1 = torch.rand((self.NUM_EDGES, 1))
        graph[("nodes", "to", "nodes")].edge_attr2 = torch.rand((self.NUM_EDGES, 32))
        return graph

    def test_initialization(self, mapper, mapper_init):
        assert isinstance(mapper, BaseMapper)
        assert mapper.in_channels_src == mapper_init.in_channels_src
        assert mapper.in_channels_dst == mapper_init.in_channels_dst
        assert mapper.hidden_dim == mapper_init.hidden_dim
        assert mapper.out_channels_dst == mapper_init.out_channels_dst

    def test_pre_process(self, mapper, pair_tensor):
        x = pair_tensor

        x_src, x_dst = mapper.pre_process(x)
        assert torch.equal(x_src, x[0])
        assert torch.equal(x_dst, x[1])

    def test_post_process(self, mapper, pair_tensor):
        x_dst = pair_tensor[1]

        result = mapper.post_process(
            x_dst,
        )
        assert torch.equal(result, x_dst)
