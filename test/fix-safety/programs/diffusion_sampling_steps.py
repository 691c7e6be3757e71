"""A diffusion-style sampling loop that keeps every intermediate step for an animation.

Under no_grad, each denoising step's sample is appended to a list; at the end the list is stacked
into a sequence of frames.
"""
import os

import torch
import torch.nn as nn

import probe

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))
STEPS = 10


class NoisePredictor(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(6 + 1, 16), nn.SiLU(), nn.Linear(16, 6))

    def forward(self, x, t):
        return self.net(torch.cat([x, t.expand(x.size(0), 1)], dim=1))


@torch.no_grad()
def sample(model, shape):
    betas = torch.linspace(1e-3, 0.05, STEPS, device=DEVICE)
    alphas = 1 - betas
    alpha_bars = torch.cumprod(alphas, dim=0)
    x = torch.randn(shape).to(DEVICE)
    frames = []
    for i in reversed(range(STEPS)):
        t = torch.full((1, 1), i / STEPS, device=DEVICE)
        eps = model(x, t)
        x = (x - betas[i] / torch.sqrt(1 - alpha_bars[i]) * eps) / torch.sqrt(alphas[i])
        frames.append(x)
        probe.measure()
    return x, torch.stack(frames)


def main():
    torch.manual_seed(0)
    model = NoisePredictor().to(DEVICE).eval()
    final, frames = sample(model, (3, 6))
    probe.record("final", final)
    probe.record("frames", frames)


if __name__ == "__main__":
    main()
