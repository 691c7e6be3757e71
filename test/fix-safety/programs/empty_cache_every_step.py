"""A training loop that calls torch.cuda.empty_cache() after every step."""
import os

import torch
import torch.nn as nn

import probe

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(5, 10), nn.ReLU(), nn.Linear(10, 5)).to(DEVICE)
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-2)
    losses = []
    for _ in range(6):
        x = torch.randn(4, 5).to(DEVICE)
        loss = (model(x) - x).pow(2).mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        del loss
        torch.cuda.empty_cache()
        losses.append(optimizer.state_dict()["state"][0]["step"])
        probe.measure()
    probe.record("steps", losses)
    probe.record("weights", model)


if __name__ == "__main__":
    main()
