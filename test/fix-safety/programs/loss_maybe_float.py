"""A loop whose loss is a Python float on steps without labels and a tensor otherwise.

Before logging, `loss = loss if isinstance(loss, float) else loss.item()` makes it a number.
"""
import os

import torch
import torch.nn as nn

import probe

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))


def compute_loss(model, x, y):
    if y is None:
        return 0.0
    return nn.functional.cross_entropy(model(x), y)


def main():
    torch.manual_seed(0)
    model = nn.Linear(5, 3).to(DEVICE)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    losses = []
    for step in range(9):
        x = torch.randn(4, 5).to(DEVICE)
        y = None if step % 3 == 2 else torch.randint(0, 3, (4,)).to(DEVICE)
        loss = compute_loss(model, x, y)
        if isinstance(loss, torch.Tensor):
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        loss = loss if isinstance(loss, float) else loss.item()
        losses.append(loss)
        probe.measure()
    probe.record("losses", losses)
    probe.record("weights", model)


if __name__ == "__main__":
    main()
