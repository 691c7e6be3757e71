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
import torch.nn as nn
from hydra.utils import instantiate
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from anemoi.models.distributed.shapes import BipartiteGraphShardInfo
from anemoi.models.layers.attention import MultiHeadCrossAttention
from anemoi.models.layers.block import MLP
from anemoi.models.layers.block import TransformerMapperBlock
from anemoi.models.layers.utils import load_layer_kernels


def _conditional_layer_kernels(condition_shape: int):
    return load_layer_kernels(
        {
            "LayerNorm": {
                "_target_": "anemoi.models.layers.normalization.ConditionalLayerNorm",
                "condition_shape": condition_shape,
            }
        }
    )


@pytest.fixture
def init():
    num_channels: int = 8
    hidden_dim: int = 256
    num_heads: int = 4
    window_size: int = None
    dropout_p: float = (0.0,)
    qk_norm: bool = (False,)
    attention_implementation: str = "scaled_dot_product_attention"
    layer_kernels = load_layer_kernels()
    return (
        num_channels,
        hidden_dim,
        num_heads,
        window_size,
        layer_kernels,
        dropout_p,
        qk_norm,
        attention_implementation,
    )


@pytest.fixture
def mapper_block(init):
    (
        num_channels,
        hidden_dim,
        num_heads,
        window_size,
        layer_kernels,
        dropout_p,
        qk_norm,
        attention_implementation,
    ) = init

    return TransformerMapperBlock(
        num_channels=num_channels,
        hidden_dim=hidden_dim,
        num_heads=num_heads,
        window_size=window_size,
        layer_kernels=layer_kernels,
        dropout_p=dropout_p,
        qk_norm=qk_norm,
        attention_implementation=attention_implementation,
    )


def test_TransformerMapperBlock_init(mapper_block):
    block = mapper_block
    assert isinstance(block, TransformerMapperBlock), "block is not an instance of GraphTransformerMapperBlock"
    assert isinstance(block.layer_norm_attention_src, nn.LayerNorm)
    assert isinstance(block.layer_norm_attention_dst, nn.LayerNorm)
    assert isinstance(block.layer_norm_mlp, nn.LayerNorm)
    assert isinstance(block.mlp, MLP)
    assert isinstance(block.attention, MultiHeadCrossAttention)


@given(
    factor_attention_heads=st.integers(min_value=1, max_value=10),
    hidden_dim=st.integers(min_value=1, max_value=100),
    num_heads=st.integers(min_value=1, max_value=10),
    batch_size=st.integers(min_value=1, max_value=40),
    dropout_p=st.floats(min_value=0.01, max_value=1.0),
)
@settings(max_examples=10, deadline=None)
def test_forward_output(
    factor_attention_heads,
    hidden_dim,
    num_heads,
    batch_size,
    dropout_p,
):
    num_channels = num_heads * factor_attention_heads
    layer_kernels = instantiate(load_layer_kernels(kernel_config={}))
    block = TransformerMapperBlock(
        num_channels=num_channels,
        hidden_dim=hidden_dim,
        num_heads=num_heads,
        window_size=None,
        dropout_p=dropout_p,
        layer_kernels=layer_kernels,
        attention_implementation="scaled_dot_product_attention",
        softcap=None,
    )

    x = torch.randn((batch_size, num_channels))  # .to(torch.float16, non_blocking=True)
    shape_info = BipartiteGraphShardInfo(src_nodes=[batch_size], dst_nodes=[batch_size])
    output, _ = block.forward((x, x), shape_info, batch_size)
    assert isinstance(output[0], torch.Tensor)
    assert isinstance(output[1], torch.Tensor)
    assert output[1].shape == (batch_size, num_channels)


def test_forward_output_with_conditioning():
    condition_shape = 6
    num_channels = 8
    hidden_dim = 16
    num_src_nodes = 3
    num_dst_nodes = 5

    block = TransformerMapperBlock(
        num_channels=num_channels,
        hidden_dim=hidden_dim,
        num_heads=2,
        window_size=None,
        dropout_p=0.0,
        layer_kernels=_conditional_layer_kernels(condition_shape),
        attention_implementation="scaled_dot_product_attention",
        softcap=None,
        qk_norm=False,
    )

    x = (
        torch.randn((num_src_nodes, num_channels)),
        torch.randn((num_dst_nodes, num_channels)),
    )
    cond = (
        torch.randn((num_src_nodes, condition_shape)),
        torch.randn((num_dst_nodes, condition_shape)),
    )

    output, _ = block.forward(
        x,
        BipartiteGraphShardInfo(src_nodes=[num_src_nodes], dst_nodes=[num_dst_nodes]),
        batch_size=1,
        cond=cond,
    )

    assert isinstance(output[0], torch.Tensor)
    assert isinstance(output[1], torch.Tensor)
    assert output[0].shape == (num_src_nodes, num_channels)
    assert output[1].shape == (num_dst_nodes, num_channels)
