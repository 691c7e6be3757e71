"""A training loop that appends each step's loss tensor to a list, read only to print the average."""
import os

import torch
import torch.nn as nn

import probe

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Conv1d(2, 4, 3, padding=1), nn.ReLU(), nn.Flatten(), nn.Linear(4 * 10, 1)).to(DEVICE)
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-2)
    train_losses = []
    for _ in range(10):
        x = torch.randn(4, 2, 10).to(DEVICE)
        y = x.mean(dim=(1, 2)).unsqueeze(1)
        loss = nn.functional.mse_loss(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        train_losses.append(loss)
        probe.measure()
    average = sum(train_losses) / len(train_losses)
    print(f"average loss {average.item():.4f}")
    probe.record("average", average)
    probe.record("weights", model)


if __name__ == "__main__":
    main()
