"""Mixed-precision training whose log total adds the scaler's scale and a reduced loss value.

reduce_loss() returns `loss.detach().item()`, a Python float, as the helpers of distributed
training scripts do; the total is a Python number throughout.
"""
import os

import torch
import torch.nn as nn

import probe

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))


def reduce_loss(loss):
    return loss.detach().item()


def fit(model, loader, optimizer, criterion, scaler):
    model.train()
    total = 0
    for x, y in loader:
        with torch.autocast(device_type=DEVICE.type, enabled=DEVICE.type == "cuda"):
            out = model(x.to(DEVICE))
            loss = criterion(out, y.to(DEVICE))
        optimizer.zero_grad()
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()
        loss_value = reduce_loss(loss)
        total += loss_value
        probe.measure()
    return total / len(loader)


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(6, 12), nn.ReLU(), nn.Linear(12, 3)).to(DEVICE)
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-2)
    scaler = torch.cuda.amp.GradScaler(enabled=DEVICE.type == "cuda")
    loader = [(torch.randn(4, 6), torch.randint(0, 3, (4,))) for _ in range(6)]
    history = [fit(model, loader, optimizer, nn.CrossEntropyLoss(), scaler) for _ in range(2)]
    probe.record("history", history)
    probe.record("weights", model)


if __name__ == "__main__":
    main()
