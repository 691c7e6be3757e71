"""Losses collected on purpose and backpropagated together every few batches.

Each batch's loss goes into a list with its graph; every fourth batch the mean of the list is
backpropagated, the optimizer steps and the list starts again. Detaching what is appended would
leave nothing to differentiate.
"""
import os

import torch
import torch.nn as nn
import torch.nn.functional as F

import probe

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(8, 16), nn.Tanh(), nn.Linear(16, 1)).to(DEVICE)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    data = [(torch.randn(6, 8), torch.randn(6, 1)) for _ in range(12)]
    losses = []
    logged = []
    for step, (x, y) in enumerate(data):
        prediction = model(x.to(DEVICE))
        loss = F.mse_loss(prediction, y.to(DEVICE))
        losses.append(loss)
        if (step + 1) % 4 == 0:
            total = torch.stack(losses).mean()
            optimizer.zero_grad()
            total.backward()
            optimizer.step()
            logged.append(total.item())
            losses = []
        probe.measure()
    probe.record("group_losses", logged)
    probe.record("weights", model)


if __name__ == "__main__":
    main()
