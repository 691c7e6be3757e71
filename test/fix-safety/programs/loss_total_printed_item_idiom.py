"""A training loop that keeps a total and a list of its losses only to print them.

The file keeps its loss history with `.item()`, the file's idiom; the epoch total and the list of
the epoch's losses still take the losses with their graphs, and are only printed. oomlint's fixes
follow the idiom: `.item()` on both, safe, because nothing the program keeps or decides on reads them.
"""
import os

import torch
import torch.nn as nn
import torch.nn.functional as F

import probe

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))


def train(model, optimizer, loader, epochs):
    history = []
    for epoch in range(epochs):
        epoch_loss = 0.0
        epoch_losses = []
        for inputs, targets in loader:
            loss = F.mse_loss(model(inputs.to(DEVICE)), targets.to(DEVICE))
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            history.append(loss.item())
            epoch_loss += loss
            epoch_losses.append(loss)
            probe.measure()
        print(f"epoch {epoch}: total {epoch_loss / len(loader):.4f}, mean {sum(epoch_losses) / len(epoch_losses):.4f}")
    return history


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 1)).to(DEVICE)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    loader = [(torch.randn(8, 6), torch.randn(8, 1)) for _ in range(5)]
    history = train(model, optimizer, loader, epochs=3)
    probe.record("history", history)
    probe.record("weights", model)


if __name__ == "__main__":
    main()
