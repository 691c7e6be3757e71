"""One run_epoch() for training and validation, chosen by whether an optimizer is given.

The training call switches to train mode, zeroes the gradients and hands the loss to a scaler
helper that backpropagates; the validation call switches to eval mode.
"""
import os

import torch
import torch.nn as nn

import probe

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))


class ScaledStep:
    def __init__(self, enabled):
        self.scaler = torch.cuda.amp.GradScaler(enabled=enabled)

    def __call__(self, loss, optimizer):
        self.scaler.scale(loss).backward()
        self.scaler.step(optimizer)
        self.scaler.update()


def run_epoch(model, loader, criterion, optimizer=None, step=None):
    training = optimizer is not None
    if training:
        model.train()
    else:
        model.eval()
    total = 0.0
    for inputs, targets in loader:
        outputs = model(inputs.to(DEVICE))
        loss = criterion(outputs, targets.to(DEVICE))
        if training:
            optimizer.zero_grad()
            step(loss, optimizer)
        total += loss.item()
        probe.measure()
    return total / len(loader)


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(5, 10), nn.ReLU(), nn.Linear(10, 2)).to(DEVICE)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    criterion = nn.CrossEntropyLoss()
    step = ScaledStep(enabled=DEVICE.type == "cuda")
    train_loader = [(torch.randn(4, 5), torch.randint(0, 2, (4,))) for _ in range(4)]
    val_loader = [(torch.randn(4, 5), torch.randint(0, 2, (4,))) for _ in range(2)]
    history = []
    for _ in range(2):
        history.append((run_epoch(model, train_loader, criterion, optimizer, step), run_epoch(model, val_loader, criterion)))
    probe.record("history", history)
    probe.record("weights", model)


if __name__ == "__main__":
    main()
