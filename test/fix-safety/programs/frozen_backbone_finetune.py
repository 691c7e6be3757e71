"""Fine-tuning a linear head on a frozen backbone kept in eval mode.

The backbone's parameters do not require grad; its features are computed in the training loop
and only the head is optimized.
"""
import os

import torch
import torch.nn as nn

import probe

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))


def main():
    torch.manual_seed(0)
    backbone = nn.Sequential(nn.Conv2d(3, 6, 3), nn.BatchNorm2d(6), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten()).to(DEVICE)
    head = nn.Linear(6, 3).to(DEVICE)
    backbone.eval()
    for p in backbone.parameters():
        p.requires_grad = False
    optimizer = torch.optim.SGD(head.parameters(), lr=0.1, momentum=0.9)
    criterion = nn.CrossEntropyLoss()
    curve = []
    for _ in range(8):
        images = torch.randn(4, 3, 6, 6).to(DEVICE)
        labels = torch.randint(0, 3, (4,)).to(DEVICE)
        features = backbone(images)
        loss = criterion(head(features), labels)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        curve.append(loss.item())
        probe.measure()
    probe.record("loss_curve", curve)
    probe.record("head", head)
    probe.record("backbone", backbone)


if __name__ == "__main__":
    main()
