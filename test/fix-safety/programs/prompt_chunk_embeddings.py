"""A text-to-image style pipeline: a long prompt is encoded in chunks, weighted, then sampled.

Each chunk's embedding is appended to a list under no_grad; the concatenated embedding is later
multiplied by per-token weights that live on the device, and drives a sampling loop there.
"""
import os

import torch
import torch.nn as nn

import probe

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))
CHUNK = 4


class TextEncoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(30, 8)
        self.mix = nn.Linear(8, 8)

    def forward(self, tokens):
        return torch.tanh(self.mix(self.embed(tokens)))


class Denoiser(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(8 + 8, 8)

    def forward(self, x, context):
        return self.net(torch.cat([x, context.mean(dim=1)], dim=-1))


def encode_prompt(encoder, tokens, weights):
    chunks = []
    for start in range(0, tokens.size(1), CHUNK):
        z = encoder(tokens[:, start : start + CHUNK])
        chunks.append(z)
    embedding = torch.cat(chunks, dim=1)
    return embedding * weights.unsqueeze(-1)


def main():
    torch.manual_seed(0)
    encoder = TextEncoder().to(DEVICE).eval()
    denoiser = Denoiser().to(DEVICE).eval()
    tokens = torch.randint(0, 30, (2, 12)).to(DEVICE)
    weights = torch.linspace(0.8, 1.2, 12).repeat(2, 1).to(DEVICE)
    with torch.no_grad():
        context = encode_prompt(encoder, tokens, weights)
        x = torch.randn(2, 8).to(DEVICE)
        for _ in range(6):
            x = x - 0.1 * denoiser(x, context)
            probe.measure()
    probe.record("context", context)
    probe.record("sample", x)


if __name__ == "__main__":
    main()
