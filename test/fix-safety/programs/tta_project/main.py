"""Runs test-time adaptation whose evaluate() hands the loss to a scaler object from another file."""
import os

import torch
import torch.nn as nn

import probe
from tta_engine import evaluate
from tta_scaler import ScaledStep

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(6, 12), nn.BatchNorm1d(12), nn.ReLU(), nn.Linear(12, 3)).to(DEVICE)
    norm_parameters = [p for m in model.modules() if isinstance(m, nn.BatchNorm1d) for p in m.parameters()]
    optimizer = torch.optim.SGD(norm_parameters, lr=0.05)
    loader = [torch.randn(8, 6) - 0.3 for _ in range(5)]
    probe.record("predictions", evaluate(model, loader, optimizer, ScaledStep(DEVICE.type == "cuda"), DEVICE))
    probe.record("weights", model)


if __name__ == "__main__":
    main()
