"""Resuming training from a checkpoint that also holds a metric tensor and the epoch.

After loading, the best accuracy (a tensor saved from the device) is compared with new results
computed on the device.
"""
import os
import tempfile

import torch
import torch.nn as nn

import probe

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))


def run_epoch(model, optimizer, batches):
    for x, y in batches:
        loss = nn.functional.cross_entropy(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        probe.measure()
    with torch.no_grad():
        x, y = batches[0]
        return (model(x).argmax(1) == y).float().mean()


def main():
    torch.manual_seed(0)
    batches = [(torch.randn(6, 5).to(DEVICE), torch.randint(0, 3, (6,)).to(DEVICE)) for _ in range(3)]
    model = nn.Linear(5, 3).to(DEVICE)
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-2)
    best = run_epoch(model, optimizer, batches)
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "last.pt")
        torch.save({"model": model.state_dict(), "optimizer": optimizer.state_dict(), "best_acc": best, "epoch": 1}, path)
        checkpoint = torch.load(path)
        model.load_state_dict(checkpoint["model"])
        optimizer.load_state_dict(checkpoint["optimizer"])
        best_acc = checkpoint["best_acc"]
        start_epoch = checkpoint["epoch"] + 1
    history = []
    for epoch in range(start_epoch, start_epoch + 2):
        accuracy = run_epoch(model, optimizer, batches)
        improved = bool(accuracy > best_acc)
        best_acc = torch.maximum(best_acc, accuracy)
        history.append((epoch, improved))
    probe.record("history", history)
    probe.record("best_acc", best_acc)
    probe.record("weights", model)


if __name__ == "__main__":
    main()
