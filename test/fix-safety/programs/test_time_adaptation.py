"""Test-time adaptation: an evaluate() that adapts the batch-norm layers on each test batch.

Despite its name, evaluate() switches the model to train mode, zeroes the gradients and takes an
optimizer step on an entropy loss through a scaler helper before predicting.
"""
import os

import torch
import torch.nn as nn

import probe

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))


class LossScaler:
    def __init__(self):
        self.scaler = torch.cuda.amp.GradScaler(enabled=DEVICE.type == "cuda")

    def __call__(self, loss, optimizer):
        self.scaler.scale(loss).backward()
        self.scaler.step(optimizer)
        self.scaler.update()


def entropy(logits):
    return -(logits.softmax(1) * logits.log_softmax(1)).sum(1).mean()


def evaluate(model, loader, optimizer, loss_scaler):
    model.train()
    predictions = []
    for inputs in loader:
        inputs = inputs.to(DEVICE)
        outputs = model(inputs)
        loss = entropy(outputs)
        optimizer.zero_grad()
        loss_scaler(loss, optimizer)
        predictions.append(outputs.argmax(1).cpu())
        probe.measure()
    return torch.cat(predictions)


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(6, 12), nn.BatchNorm1d(12), nn.ReLU(), nn.Linear(12, 3)).to(DEVICE)
    norm_parameters = [p for m in model.modules() if isinstance(m, nn.BatchNorm1d) for p in m.parameters()]
    optimizer = torch.optim.SGD(norm_parameters, lr=0.01)
    loader = [torch.randn(8, 6) + 0.5 for _ in range(5)]
    probe.record("predictions", evaluate(model, loader, optimizer, LossScaler()))
    probe.record("weights", model)


if __name__ == "__main__":
    main()
