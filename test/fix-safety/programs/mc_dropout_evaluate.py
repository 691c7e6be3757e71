"""Monte Carlo dropout: evaluate() puts the model in train mode so that dropout stays on, and averages passes.

The forward passes need no gradients, but the guard goes in front of code that runs the model as in
training, which is for a person to look at: oomlint offers it as an unsafe fix.
"""
import os

import torch
import torch.nn as nn

import probe

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))


def evaluate(model, loader, passes=4):
    model.train()
    scores = []
    for x, y in loader:
        probs = torch.stack([model(x.to(DEVICE)).softmax(1) for _ in range(passes)]).mean(0)
        scores.append((probs.argmax(1) == y.to(DEVICE)).float().mean().item())
        probe.measure()
    return sum(scores) / len(scores)


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Dropout(0.3), nn.Linear(16, 3)).to(DEVICE)
    loader = [(torch.randn(8, 6), torch.randint(0, 3, (8,))) for _ in range(4)]
    probe.record("accuracy", evaluate(model, loader))
    probe.record("weights", model)


if __name__ == "__main__":
    main()
