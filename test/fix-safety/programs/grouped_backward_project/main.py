"""Losses appended with their graphs and backpropagated as a group by a helper in another file."""
import os

import torch
import torch.nn as nn

import probe
from accumulate import step_on_group

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))
GROUP = 4


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(3, 9), nn.Tanh(), nn.Linear(9, 1)).to(DEVICE)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    group, results = [], []
    for step in range(12):
        x = torch.randn(4, 3).to(DEVICE)
        loss = (model(x) - x.prod(dim=1, keepdim=True)).pow(2).mean()
        group.append(loss)
        if len(group) == GROUP:
            results.append(step_on_group(group, optimizer))
            group = []
        probe.measure()
    probe.record("group_losses", results)
    probe.record("weights", model)


if __name__ == "__main__":
    main()
