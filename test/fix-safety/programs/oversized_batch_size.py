"""A training script whose DataLoader batch size is a large argparse default.

OOM004's fix lowers the batch size, which changes the number of optimizer steps and so the
results, as its documentation says.
"""
import argparse
import os

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

import probe

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))


def parse_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("--batch-size", type=int, default=1024)
    parser.add_argument("--epochs", type=int, default=2)
    return parser.parse_args()


def main():
    args = parse_args()
    torch.manual_seed(0)
    dataset = TensorDataset(torch.randn(2048, 4), torch.randn(2048, 1))
    train_loader = DataLoader(dataset, batch_size=args.batch_size, shuffle=True)
    model = nn.Linear(4, 1).to(DEVICE)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    losses = []
    for _ in range(args.epochs):
        for x, y in train_loader:
            loss = nn.functional.mse_loss(model(x.to(DEVICE)), y.to(DEVICE))
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            losses.append(loss.item())
            probe.measure()
    probe.record("steps", len(losses))
    probe.record("final_loss", losses[-1])
    probe.record("weights", model)


if __name__ == "__main__":
    main()
