"""A sampling loop that keeps every step's sample and writes them out as a NumPy video at the end.

Under no_grad each step's output is appended to a list on the device; the stacked frames are moved
to the CPU once, after the loop.
"""
import os

import torch
import torch.nn as nn

import probe

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))


class Step(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Conv2d(2, 4, 3, padding=1), nn.Tanh(), nn.Conv2d(4, 2, 3, padding=1))

    def forward(self, x):
        return x - 0.1 * self.net(x)


@torch.no_grad()
def sample(model, x, steps):
    frames = []
    for _ in range(steps):
        x = model(x.to(DEVICE))
        frames.append(x)
        probe.measure()
    video = torch.stack(frames).cpu().numpy()
    return video


def main():
    torch.manual_seed(0)
    model = Step().to(DEVICE).eval()
    probe.record("video", sample(model, torch.randn(1, 2, 6, 6), 8))


if __name__ == "__main__":
    main()
