"""A training function that runs the forward pass and hands the loss to a step object from another file.

Nothing in this file calls backward(): the OptimizerStep object does.
"""
import os

import torch
import torch.nn as nn
import torch.nn.functional as F

import probe
from optim_step import OptimizerStep

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))


def fit(model, batches, step):
    model.train()
    curve = []
    for inputs, targets in batches:
        predictions = model(inputs.to(DEVICE))
        loss = F.huber_loss(predictions, targets.to(DEVICE))
        step(loss)
        curve.append(loss.item())
        probe.measure()
    return curve


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(4, 12), nn.ReLU(), nn.Linear(12, 2)).to(DEVICE)
    step = OptimizerStep(model, torch.optim.Adam(model.parameters(), lr=1e-2))
    batches = [(torch.randn(5, 4), torch.randn(5, 2)) for _ in range(8)]
    probe.record("loss_curve", fit(model, batches, step))
    probe.record("weights", model)


if __name__ == "__main__":
    main()
