"""Logging a loss that may already be a number: `loss.item() if torch.is_tensor(loss) else loss`.

The value appended to the running list is a Python float either way.
"""
import os

import torch
import torch.nn as nn

import probe

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))


def train(model, loader, optimizer, criterion):
    model.train()
    running = []
    for x, y in loader:
        out = model(x.to(DEVICE))
        loss = criterion(out, y.to(DEVICE))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        value = loss.item() if torch.is_tensor(loss) else loss
        running.append(value)
        probe.measure()
    return running


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2)).to(DEVICE)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    loader = [(torch.randn(5, 4), torch.randint(0, 2, (5,))) for _ in range(8)]
    probe.record("running", train(model, loader, optimizer, nn.CrossEntropyLoss()))
    probe.record("weights", model)


if __name__ == "__main__":
    main()
