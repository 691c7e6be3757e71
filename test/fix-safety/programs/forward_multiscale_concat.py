"""A module whose forward() collects the outputs of parallel branches in a list and concatenates them.

The list is built and consumed within one call; the concatenation carries the gradient to every
branch.
"""
import os

import torch
import torch.nn as nn

import probe

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))


class MultiScaleBlock(nn.Module):
    def __init__(self, channels=3, width=4):
        super().__init__()
        self.branches = nn.ModuleList(nn.Conv2d(channels, width, k, padding=k // 2) for k in (1, 3, 5))
        self.classifier = nn.Linear(3 * width, 2)

    def forward(self, x):
        features = []
        for branch in self.branches:
            out = branch(x)
            features.append(out)
        merged = torch.cat(features, dim=1)
        return self.classifier(merged.mean(dim=(2, 3)))


def main():
    torch.manual_seed(0)
    model = MultiScaleBlock().to(DEVICE)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    criterion = nn.CrossEntropyLoss()
    curve = []
    for _ in range(8):
        images = torch.randn(4, 3, 6, 6).to(DEVICE)
        labels = torch.randint(0, 2, (4,)).to(DEVICE)
        loss = criterion(model(images), labels)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        curve.append(loss.item())
        probe.measure()
    probe.record("loss_curve", curve)
    probe.record("weights", model)


if __name__ == "__main__":
    main()
