"""Deliberate loss accumulation whose backward runs in a helper function.

Losses of consecutive batches are appended with their graphs; once the list holds a full group,
a helper sums it, backpropagates and steps the optimizer.
"""
import os

import torch
import torch.nn as nn
import torch.nn.functional as F

import probe

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))
GROUP = 3


def optimize(losses, optimizer):
    loss = torch.stack(losses).sum() / len(losses)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    return loss.item()


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(6, 12), nn.ReLU(), nn.Linear(12, 3)).to(DEVICE)
    optimizer = torch.optim.RMSprop(model.parameters(), lr=1e-2)
    pending = []
    group_losses = []
    for _ in range(9):
        x = torch.randn(5, 6).to(DEVICE)
        y = torch.randint(0, 3, (5,)).to(DEVICE)
        pending.append(F.cross_entropy(model(x), y))
        if len(pending) == GROUP:
            group_losses.append(optimize(pending, optimizer))
            pending = []
        probe.measure()
    probe.record("group_losses", group_losses)
    probe.record("weights", model)


if __name__ == "__main__":
    main()
