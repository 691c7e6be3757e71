"""Test-time adaptation named as evaluation: each test batch adapts the normalisation layers first."""
import torch

import probe


def entropy(logits):
    return -(logits.softmax(1) * logits.log_softmax(1)).sum(1).mean()


def evaluate(model, loader, optimizer, loss_scaler, device):
    model.train()
    predictions = []
    for inputs in loader:
        outputs = model(inputs.to(device))
        optimizer.zero_grad()
        loss_scaler(entropy(outputs), optimizer)
        predictions.append(outputs.argmax(1).cpu())
        probe.measure()
    return torch.cat(predictions)
