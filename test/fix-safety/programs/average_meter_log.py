"""An AverageMeter that keeps Python numbers, as many image-classification scripts have.

`meter.update(loss.item(), n)` every batch; the epoch's average is appended to a history list.
"""
import os

import torch
import torch.nn as nn

import probe

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))


class AverageMeter:
    def __init__(self):
        self.sum = 0.0
        self.count = 0
        self.avg = 0.0

    def update(self, value, n=1):
        self.sum += value * n
        self.count += n
        self.avg = self.sum / self.count


def train_epoch(model, batches, optimizer):
    meter = AverageMeter()
    model.train()
    for inputs, targets in batches:
        inputs, targets = inputs.to(DEVICE), targets.to(DEVICE)
        loss = nn.functional.smooth_l1_loss(model(inputs), targets)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        meter.update(loss.item(), inputs.size(0))
        probe.measure()
    return meter.avg


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(4, 8), nn.SiLU(), nn.Linear(8, 2)).to(DEVICE)
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-2)
    batches = [(torch.randn(5, 4), torch.randn(5, 2)) for _ in range(4)]
    history = []
    for _ in range(3):
        history.append(train_epoch(model, batches, optimizer))
    probe.record("history", history)
    probe.record("weights", model)


if __name__ == "__main__":
    main()
