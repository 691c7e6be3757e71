"""An evaluation script that forgets torch.no_grad(): each batch's forward pass records a graph."""
import os

import torch
import torch.nn as nn

import probe

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Dropout(0.5), nn.Linear(32, 4)).to(DEVICE)
    loader = [(torch.randn(8, 10), torch.randint(0, 4, (8,))) for _ in range(6)]
    model.eval()
    correct = 0
    total = 0
    loss_sum = 0.0
    for images, labels in loader:
        images, labels = images.to(DEVICE), labels.to(DEVICE)
        outputs = model(images)
        loss_sum += nn.functional.cross_entropy(outputs, labels, reduction="sum").item()
        correct += (outputs.argmax(1) == labels).sum().item()
        total += labels.size(0)
        probe.measure()
    probe.record("accuracy", correct / total)
    probe.record("loss", loss_sum / total)


if __name__ == "__main__":
    main()
