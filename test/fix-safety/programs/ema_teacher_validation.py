"""Training with an exponential moving average of the weights, validated on the EMA copy.

The EMA update runs under no_grad after each step; the EMA model is evaluated every few steps in
a validation helper that keeps the predictions for the score.
"""
import copy
import os

import torch
import torch.nn as nn

import probe

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))


@torch.no_grad()
def update_ema(ema, model, decay=0.9):
    for ema_p, p in zip(ema.parameters(), model.parameters()):
        ema_p.mul_(decay).add_(p, alpha=1 - decay)


def evaluate(model, batches):
    model.eval()
    predictions = []
    for x, _ in batches:
        predictions.append(model(x).argmax(dim=1))
    labels = torch.cat([y for _, y in batches])
    return (torch.cat(predictions) == labels).float().mean().item()


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(6, 12), nn.ReLU(), nn.Linear(12, 3)).to(DEVICE)
    ema = copy.deepcopy(model)
    for p in ema.parameters():
        p.requires_grad_(False)
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-2)
    val = [(torch.randn(5, 6).to(DEVICE), torch.randint(0, 3, (5,)).to(DEVICE)) for _ in range(2)]
    scores = []
    for step in range(9):
        x = torch.randn(5, 6).to(DEVICE)
        y = torch.randint(0, 3, (5,)).to(DEVICE)
        model.train()
        loss = nn.functional.cross_entropy(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        update_ema(ema, model)
        if step % 3 == 2:
            scores.append(evaluate(ema, val))
        probe.measure()
    probe.record("ema_scores", scores)
    probe.record("ema", ema)
    probe.record("model", model)


if __name__ == "__main__":
    main()
