"""Counting correct predictions per batch while training.

A helper returns the number of correct predictions as a Python int; the loop appends the counts
and the batch sizes and reports the accuracy of each epoch.
"""
import os

import torch
import torch.nn as nn

import probe

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))


def count_correct(logits, labels):
    return (logits.argmax(dim=1) == labels).sum().item()


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 3)).to(DEVICE)
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-2)
    criterion = nn.CrossEntropyLoss()
    data = [(torch.randn(8, 6), torch.randint(0, 3, (8,))) for _ in range(4)]
    accuracies = []
    for _ in range(3):
        correct_per_batch, sizes = [], []
        for inputs, labels in data:
            inputs, labels = inputs.to(DEVICE), labels.to(DEVICE)
            logits = model(inputs)
            loss = criterion(logits, labels)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            correct = count_correct(logits, labels)
            correct_per_batch.append(correct)
            sizes.append(labels.size(0))
            probe.measure()
        accuracies.append(sum(correct_per_batch) / sum(sizes))
    probe.record("accuracies", accuracies)
    probe.record("weights", model)


if __name__ == "__main__":
    main()
