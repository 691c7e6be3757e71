"""An evaluation script that builds a model and scores it with the helper in metrics.py."""
import os

import torch
import torch.nn as nn

import probe
from metrics import evaluate

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Conv2d(1, 4, 3), nn.ReLU(), nn.Flatten(), nn.Linear(4 * 6 * 6, 5)).to(DEVICE)
    loader = [(torch.randn(4, 1, 8, 8), torch.randint(0, 5, (4,))) for _ in range(5)]
    probe.record("scores", evaluate(model, loader, DEVICE))


if __name__ == "__main__":
    main()
