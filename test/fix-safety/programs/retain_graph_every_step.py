"""A training loop that passes retain_graph=True to every backward, though no graph is reused."""
import os

import torch
import torch.nn as nn

import probe

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(9, 18), nn.ReLU(), nn.Linear(18, 1)).to(DEVICE)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    losses = []
    for _ in range(8):
        x = torch.randn(5, 9).to(DEVICE)
        y = x.sum(dim=1, keepdim=True)
        loss = nn.functional.mse_loss(model(x), y)
        optimizer.zero_grad()
        loss.backward(retain_graph=True)
        optimizer.step()
        losses.append(loss.item())
        probe.measure()
    probe.record("losses", losses)
    probe.record("weights", model)


if __name__ == "__main__":
    main()
