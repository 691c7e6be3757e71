"""A training loop that logs `total_loss += loss`: the running total chains every step's graph."""
import os

import torch
import torch.nn as nn

import probe

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(7, 14), nn.ReLU(), nn.Linear(14, 3)).to(DEVICE)
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-2)
    criterion = nn.CrossEntropyLoss()
    epoch_losses = []
    for _ in range(2):
        total_loss = 0
        for _ in range(5):
            x = torch.randn(6, 7).to(DEVICE)
            y = torch.randint(0, 3, (6,)).to(DEVICE)
            loss = criterion(model(x), y)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            total_loss += loss
            probe.measure()
        epoch_losses.append(total_loss / 5)
    probe.record("epoch_losses", epoch_losses)
    probe.record("weights", model)


if __name__ == "__main__":
    main()
