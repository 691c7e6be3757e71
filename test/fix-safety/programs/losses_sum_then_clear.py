"""Multi-crop training: the losses of three crops are kept in a list and summed into one backward.

The list is cleared after each optimizer step, so it never holds more than one step's graphs.
"""
import os

import torch
import torch.nn as nn

import probe

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))
CROPS = 3


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Conv2d(1, 4, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(2), nn.Flatten())
        self.head = nn.Linear(16, 3)

    def forward(self, x):
        return self.head(self.body(x))


def crops(images):
    return [images[:, :, i : i + 6, i : i + 6] for i in range(CROPS)]


def main():
    torch.manual_seed(0)
    model = Encoder().to(DEVICE)
    criterion = nn.CrossEntropyLoss()
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-2)
    batch_losses = []
    curve = []
    for _ in range(8):
        images = torch.randn(4, 1, 8, 8).to(DEVICE)
        labels = torch.randint(0, 3, (4,)).to(DEVICE)
        for crop in crops(images):
            batch_losses.append(criterion(model(crop), labels))
        total = sum(batch_losses) / len(batch_losses)
        optimizer.zero_grad()
        total.backward()
        optimizer.step()
        batch_losses.clear()
        curve.append(round(total.item(), 6))
        probe.measure()
    probe.record("loss_curve", curve)
    probe.record("weights", model)


if __name__ == "__main__":
    main()
