"""A training loop that validates after every epoch with a helper that restores train mode.

validate() switches to eval, runs the validation batches without no_grad, adds the losses as
Python numbers, and switches back with model.train() before returning.
"""
import os

import torch
import torch.nn as nn

import probe

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))


def validate(model, loader, criterion):
    model.eval()
    val_loss = 0.0
    for inputs, targets in loader:
        outputs = model(inputs.to(DEVICE))
        val_loss += criterion(outputs, targets.to(DEVICE)).item()
        probe.measure()
    model.train()
    return val_loss / len(loader)


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(6, 12), nn.BatchNorm1d(12), nn.ReLU(), nn.Dropout(0.2), nn.Linear(12, 1)).to(DEVICE)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    criterion = nn.MSELoss()
    train_loader = [(torch.randn(8, 6), torch.randn(8, 1)) for _ in range(4)]
    val_loader = [(torch.randn(8, 6), torch.randn(8, 1)) for _ in range(2)]
    history = []
    for _ in range(3):
        model.train()
        for inputs, targets in train_loader:
            loss = criterion(model(inputs.to(DEVICE)), targets.to(DEVICE))
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            probe.measure()
        history.append(validate(model, val_loader, criterion))
    probe.record("val_losses", history)
    probe.record("weights", model)


if __name__ == "__main__":
    main()
