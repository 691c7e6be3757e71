"""A training step helper that backpropagates and returns `loss.item()`, a Python float.

The loop appends what the helper returns to a history list and averages it per epoch.
"""
import os

import torch
import torch.nn as nn

import probe

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))


def train_step(model, batch, optimizer, criterion):
    inputs, targets = (t.to(DEVICE) for t in batch)
    optimizer.zero_grad()
    loss = criterion(model(inputs), targets)
    loss.backward()
    optimizer.step()
    return loss.item()


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(5, 10), nn.ReLU(), nn.Linear(10, 2)).to(DEVICE)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    criterion = nn.CrossEntropyLoss()
    batches = [(torch.randn(4, 5), torch.randint(0, 2, (4,))) for _ in range(5)]
    epoch_means = []
    for _ in range(2):
        history = []
        for batch in batches:
            loss = train_step(model, batch, optimizer, criterion)
            history.append(loss)
            probe.measure()
        epoch_means.append(sum(history) / len(history))
    probe.record("epoch_means", epoch_means)
    probe.record("weights", model)


if __name__ == "__main__":
    main()
