"""A validation loop that sums the loss tensor and forgot torch.no_grad()."""
import torch
import torch.nn as nn
import torch.nn.functional as F


@torch.no_grad()
def validate(model, loader):
    model.eval()
    total_loss = 0
    for images, labels in loader:
        outputs = model(images)
        loss = F.cross_entropy(outputs, labels)
        total_loss += loss.detach()
    return total_loss / 100


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Conv2d(3, 64, 3, padding=1), nn.ReLU(), nn.Conv2d(64, 10, 3, padding=1), nn.AdaptiveAvgPool2d(1), nn.Flatten()).cuda()
    images = torch.randn(32, 3, 128, 128, device="cuda")
    labels = torch.randint(0, 10, (32,), device="cuda")
    print(float(validate(model, ((images, labels) for _ in range(100)))))


if __name__ == "__main__":
    main()
