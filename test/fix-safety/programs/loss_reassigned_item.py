"""After backward the loss name is rebound to its Python value (`loss = loss.item()`) and appended."""
import os

import torch
import torch.nn as nn

import probe

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 4)).to(DEVICE)
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-2)
    train_loss = []
    for _ in range(8):
        x = torch.randn(6, 4).to(DEVICE)
        loss = nn.functional.mse_loss(model(x), x)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        loss = loss.item()
        train_loss.append(loss)
        probe.measure()
    probe.record("train_loss", train_loss)
    probe.record("weights", model)


if __name__ == "__main__":
    main()
