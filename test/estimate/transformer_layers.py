"""Counts, with saved_tensors_hooks, the bytes one transformer layer saves for backward per token.

The layers are written in plain PyTorch after the eager code of Hugging Face's BertLayer, GPT2Block
and LlamaDecoderLayer (transformers needs no download here, and is not installed), and PyTorch's own
nn.TransformerEncoderLayer. The estimate's formulas (server/src/estimate/transformer-models.ts) are
checked against these counts by test/estimate-transformers.test.ts.
Usage: python3 transformer_layers.py   (prints one JSON object: family -> bytes per token per layer)
"""
import json
import math
import os
import sys

import torch
from torch import nn
from torch.nn import functional as F

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts", "estimate"))
import memory_probe  # noqa: E402

H, HEADS, F_BERT, T, B = 64, 4, 256, 32, 2
KV_HEADS, F_LLAMA = 2, 172


class BertLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.query, self.key, self.value = nn.Linear(H, H), nn.Linear(H, H), nn.Linear(H, H)
        self.attn_out, self.norm1 = nn.Linear(H, H), nn.LayerNorm(H)
        self.inter, self.out, self.norm2 = nn.Linear(H, F_BERT), nn.Linear(F_BERT, H), nn.LayerNorm(H)
        self.drop = nn.Dropout(0.1)

    def heads(self, x):
        return x.view(B, T, HEADS, H // HEADS).permute(0, 2, 1, 3)

    def forward(self, x, mask):
        q, k, v = self.heads(self.query(x)), self.heads(self.key(x)), self.heads(self.value(x))
        scores = torch.matmul(q, k.transpose(-1, -2)) / math.sqrt(H // HEADS) + mask
        probs = self.drop(F.softmax(scores, dim=-1))
        context = torch.matmul(probs, v).permute(0, 2, 1, 3).contiguous().view(B, T, H)
        h = self.norm1(self.drop(self.attn_out(context)) + x)
        return self.norm2(self.drop(self.out(F.gelu(self.inter(h)))) + h)


class Gpt2Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln1, self.c_attn, self.c_proj = nn.LayerNorm(H), nn.Linear(H, 3 * H), nn.Linear(H, H)
        self.ln2, self.c_fc, self.mlp_proj = nn.LayerNorm(H), nn.Linear(H, 4 * H), nn.Linear(4 * H, H)
        self.drop = nn.Dropout(0.1)
        self.register_buffer("bias", torch.tril(torch.ones(T, T, dtype=torch.bool)).view(1, 1, T, T))

    def heads(self, x):
        return x.view(B, T, HEADS, H // HEADS).permute(0, 2, 1, 3)

    @staticmethod
    def new_gelu(x):
        return 0.5 * x * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * torch.pow(x, 3.0))))

    def forward(self, x):
        q, k, v = self.c_attn(self.ln1(x)).split(H, dim=2)
        q, k, v = self.heads(q), self.heads(k), self.heads(v)
        weights = torch.matmul(q, k.transpose(-1, -2)) / torch.full([], (H // HEADS) ** 0.5)
        weights = torch.where(self.bias, weights, torch.full([], torch.finfo(weights.dtype).min))
        weights = self.drop(F.softmax(weights, dim=-1))
        context = torch.matmul(weights, v).permute(0, 2, 1, 3).contiguous().view(B, T, H)
        x = x + self.drop(self.c_proj(context))
        return x + self.drop(self.mlp_proj(self.new_gelu(self.c_fc(self.ln2(x)))))


class RmsNorm(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(H))

    def forward(self, x):
        x32 = x.to(torch.float32)
        variance = x32.pow(2).mean(-1, keepdim=True)
        return self.weight * (x32 * torch.rsqrt(variance + 1e-6)).to(x.dtype)


def rotate_half(x):
    return torch.cat((-x[..., x.shape[-1] // 2:], x[..., : x.shape[-1] // 2]), dim=-1)


class LlamaLayer(nn.Module):
    def __init__(self):
        super().__init__()
        d = H // HEADS
        self.norm1, self.norm2 = RmsNorm(), RmsNorm()
        self.q, self.k, self.v, self.o = nn.Linear(H, H, bias=False), nn.Linear(H, KV_HEADS * d, bias=False), nn.Linear(H, KV_HEADS * d, bias=False), nn.Linear(H, H, bias=False)
        self.gate, self.up, self.down = nn.Linear(H, F_LLAMA, bias=False), nn.Linear(H, F_LLAMA, bias=False), nn.Linear(F_LLAMA, H, bias=False)
        self.register_buffer("inv_freq", 1.0 / (10000 ** (torch.arange(0, d, 2).float() / d)))

    def forward(self, x):
        d = H // HEADS
        h = self.norm1(x)
        q = self.q(h).view(B, T, HEADS, d).transpose(1, 2)
        k = self.k(h).view(B, T, KV_HEADS, d).transpose(1, 2)
        v = self.v(h).view(B, T, KV_HEADS, d).transpose(1, 2)
        freqs = torch.outer(torch.arange(T, dtype=torch.float32), self.inv_freq)
        emb = torch.cat((freqs, freqs), dim=-1)
        cos, sin = emb.cos(), emb.sin()
        q = q * cos + rotate_half(q) * sin
        k = k * cos + rotate_half(k) * sin
        k = k[:, :, None].expand(B, KV_HEADS, HEADS // KV_HEADS, T, d).reshape(B, HEADS, T, d)
        v = v[:, :, None].expand(B, KV_HEADS, HEADS // KV_HEADS, T, d).reshape(B, HEADS, T, d)
        attention = getattr(F, "scaled_dot_product_attention", None)
        if attention is None:
            weights = F.softmax(torch.matmul(q, k.transpose(2, 3)) / math.sqrt(d), dim=-1)
            context = torch.matmul(weights, v)
        else:
            context = attention(q, k, v, is_causal=True)
        x = x + self.o(context.transpose(1, 2).reshape(B, T, H))
        h = self.norm2(x)
        return x + self.down(F.silu(self.gate(h)) * self.up(h))


def saved_per_token(layer, *inputs):
    counter = memory_probe.SavedTensorCounter()
    counter.excluded = memory_probe.excluded_storages(layer, inputs)
    layer.train()
    with counter.context():
        layer(*inputs)
    return counter.total() / (B * T)


def main():
    torch.manual_seed(0)
    x = torch.randn(B, T, H, requires_grad=True)
    mask = torch.zeros(B, 1, 1, T)
    encoder = nn.TransformerEncoderLayer(H, HEADS, F_BERT, dropout=0.1, batch_first=True)
    result = {
        "config": {"hidden": H, "heads": HEADS, "intermediate": F_BERT, "tokens": T, "keyValueHeads": KV_HEADS, "llamaIntermediate": F_LLAMA},
        "sdpa": hasattr(F, "scaled_dot_product_attention"),
        # The layer's input (the previous layer's output) is left out of the count with the other
        # inputs where the layer saves it as it is; the formulas count it, so it is added back. The
        # encoder layer saves a transposed copy instead, which the count sees.
        "bert": saved_per_token(BertLayer(), x, mask) + 4 * H,
        "gpt2": saved_per_token(Gpt2Block(), x) + 4 * H,
        "llama": saved_per_token(LlamaLayer(), x) + 4 * H,
        "torch-encoder": saved_per_token(encoder, x),
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
