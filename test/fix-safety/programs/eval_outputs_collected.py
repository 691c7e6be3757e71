"""Inference over a test set that collects every batch's logits, then scores them at the end.

The forward passes run under no_grad, but the logits stay on the device in a list that grows with
the dataset; labels are collected on the CPU.
"""
import os
import tempfile

import torch
import torch.nn as nn

import probe

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(12, 24), nn.ReLU(), nn.Linear(24, 5)).to(DEVICE)
    # The test set comes from a file, as it does in real code.
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "test.pt")
        torch.save({"x": torch.randn(40, 12), "y": torch.randint(0, 5, (40,))}, path)
        data = torch.load(path)
    dataset = torch.utils.data.TensorDataset(data["x"], data["y"])
    loader = torch.utils.data.DataLoader(dataset, batch_size=8)
    model.eval()
    all_logits, all_labels = [], []
    with torch.no_grad():
        for inputs, labels in loader:
            logits = model(inputs.to(DEVICE))
            all_logits.append(logits)
            all_labels.append(labels)
            probe.measure()
    logits = torch.cat(all_logits).cpu()
    labels = torch.cat(all_labels)
    probe.record("accuracy", (logits.argmax(1) == labels).float().mean())
    probe.record("probabilities", logits.softmax(1).numpy())


if __name__ == "__main__":
    main()
