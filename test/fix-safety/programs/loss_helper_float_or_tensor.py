"""Logging values that are sometimes floats and sometimes tensors.

A loss function returns a dict of terms, some tensors and one a Python float (a weight schedule);
the logger converts each with `v if isinstance(v, float) else v.item()` before appending.
"""
import os

import torch
import torch.nn as nn
import torch.nn.functional as F

import probe

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))


def loss_terms(prediction, target, step):
    return {
        "mse": F.mse_loss(prediction, target),
        "l1": F.l1_loss(prediction, target),
        "weight": min(1.0, step / 4),
    }


def main():
    torch.manual_seed(0)
    model = nn.Linear(3, 3).to(DEVICE)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    log = {"mse": [], "l1": [], "weight": []}
    for step in range(8):
        x = torch.randn(4, 3).to(DEVICE)
        terms = loss_terms(model(x), x.flip(1), step)
        loss = terms["mse"] + terms["weight"] * terms["l1"]
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        for name, value in terms.items():
            number = value if isinstance(value, float) else value.item()
            log[name].append(number)
        probe.measure()
    probe.record("log", log)
    probe.record("weights", model)


if __name__ == "__main__":
    main()
