"""Validation that collects outputs and targets, both left on the device, and compares them.

The outputs are joined and compared with the targets, which were moved to the device and never
brought back: moving only the outputs to the CPU would mix devices.
"""
import os

import torch
import torch.nn as nn

import probe

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))


def validate(model, loader):
    model.eval()
    outputs, targets = [], []
    with torch.no_grad():
        for x, y in loader:
            x, y = x.to(DEVICE), y.to(DEVICE)
            out = model(x)
            outputs.append(out)
            targets.append(y)
            probe.measure()
    outputs = torch.cat(outputs)
    targets = torch.cat(targets)
    mse = ((outputs - targets) ** 2).mean()
    return mse.item(), outputs.sub(targets).abs().max().item()


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(3, 8), nn.Tanh(), nn.Linear(8, 1)).to(DEVICE)
    loader = [(torch.randn(5, 3), torch.randn(5, 1)) for _ in range(6)]
    probe.record("validation", validate(model, loader))


if __name__ == "__main__":
    main()
