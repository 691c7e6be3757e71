"""Semi-supervised training whose predict() helper switches to eval mode and returns the outputs.

The training loop uses predict() for a consistency term that is backpropagated: the outputs the
helper returns are part of the loss, so its forward pass must record a graph.
"""
import os

import torch
import torch.nn as nn
import torch.nn.functional as F

import probe

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))


def predict(model, x):
    model.eval()
    logits = model(x)
    model.train()
    return logits


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(5, 16), nn.Dropout(0.3), nn.ReLU(), nn.Linear(16, 3)).to(DEVICE)
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-2)
    curve = []
    for _ in range(8):
        labeled = torch.randn(4, 5).to(DEVICE)
        labels = torch.randint(0, 3, (4,)).to(DEVICE)
        unlabeled = torch.randn(6, 5).to(DEVICE)
        supervised = F.cross_entropy(model(labeled), labels)
        clean = predict(model, unlabeled)
        noisy = model(unlabeled + 0.1 * torch.randn_like(unlabeled))
        consistency = F.mse_loss(noisy.softmax(1), clean.softmax(1))
        loss = supervised + consistency
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        curve.append(loss.item())
        probe.measure()
    probe.record("loss_curve", curve)
    probe.record("weights", model)


if __name__ == "__main__":
    main()
