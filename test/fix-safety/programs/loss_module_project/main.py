"""A training loop whose losses and counts come from helpers in another file, as Python numbers."""
import os

import torch
import torch.nn as nn

import probe
from loss_helpers import correct_count, step_loss

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(6, 10), nn.ReLU(), nn.Linear(10, 3)).to(DEVICE)
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-2)
    losses, counts = [], []
    for _ in range(8):
        inputs = torch.randn(5, 6).to(DEVICE)
        targets = torch.randint(0, 3, (5,)).to(DEVICE)
        loss = step_loss(model, optimizer, inputs, targets)
        losses.append(loss)
        correct = correct_count(model, inputs, targets)
        counts.append(correct)
        probe.measure()
    probe.record("losses", losses)
    probe.record("counts", counts)
    probe.record("weights", model)


if __name__ == "__main__":
    main()
