"""A small U-Net whose forward() keeps the encoder's activations in a list for the skip connections."""
import os

import torch
import torch.nn as nn
import torch.nn.functional as F

import probe

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))


class TinyUNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.down = nn.ModuleList([nn.Conv2d(1, 4, 3, padding=1), nn.Conv2d(4, 8, 3, padding=1)])
        self.up = nn.ModuleList([nn.Conv2d(8 + 8, 4, 3, padding=1), nn.Conv2d(4 + 4, 1, 3, padding=1)])

    def forward(self, x):
        skips = []
        for conv in self.down:
            x = F.relu(conv(x))
            skips.append(x)
            x = F.max_pool2d(x, 2)
        x = F.interpolate(x, scale_factor=2)
        for conv in self.up:
            skip = skips.pop()
            x = conv(torch.cat([x, skip], dim=1))
            if skips:
                x = F.interpolate(F.relu(x), scale_factor=2)
        return x


def main():
    torch.manual_seed(0)
    model = TinyUNet().to(DEVICE)
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-2)
    curve = []
    for _ in range(6):
        image = torch.randn(2, 1, 8, 8).to(DEVICE)
        target = (image > 0).float()
        loss = F.binary_cross_entropy_with_logits(model(image), target)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        curve.append(loss.item())
        probe.measure()
    probe.record("loss_curve", curve)
    probe.record("weights", model)


if __name__ == "__main__":
    main()
