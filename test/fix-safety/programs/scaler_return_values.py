"""Keeping what the gradient scaler and gradient clipping return, for the training log.

`scaler.get_scale()` is a Python float; `clip_grad_norm_` returns the total norm as a tensor
without a graph. Both are appended every step.
"""
import os

import torch
import torch.nn as nn

import probe

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(8, 8), nn.ReLU(), nn.Linear(8, 1)).to(DEVICE)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    scaler = torch.cuda.amp.GradScaler(enabled=DEVICE.type == "cuda")
    scales, norms, losses = [], [], []
    for _ in range(8):
        x = torch.randn(6, 8).to(DEVICE)
        with torch.autocast(device_type=DEVICE.type, enabled=DEVICE.type == "cuda"):
            loss = model(x).pow(2).mean()
        optimizer.zero_grad()
        scaler.scale(loss).backward()
        scaler.unscale_(optimizer)
        norm = torch.nn.utils.clip_grad_norm_(model.parameters(), 5.0)
        scaler.step(optimizer)
        scaler.update()
        scale = scaler.get_scale()
        scales.append(scale)
        norms.append(norm)
        losses.append(loss.item())
        probe.measure()
    probe.record("scales", scales)
    probe.record("norms", norms)
    probe.record("losses", losses)
    probe.record("weights", model)


if __name__ == "__main__":
    main()
