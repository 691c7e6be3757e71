"""Evaluation helpers: the loop runs the model after model.eval() but without no_grad."""
import torch.nn.functional as F

import probe


def evaluate(model, loader, device):
    model.eval()
    total_loss, correct, seen = 0.0, 0, 0
    for inputs, labels in loader:
        inputs, labels = inputs.to(device), labels.to(device)
        logits = model(inputs)
        total_loss += F.cross_entropy(logits, labels, reduction="sum").item()
        correct += (logits.argmax(dim=1) == labels).sum().item()
        seen += labels.numel()
        probe.measure()
    return total_loss / seen, correct / seen
