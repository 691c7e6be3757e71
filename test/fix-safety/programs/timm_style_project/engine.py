"""One epoch of training and one of evaluation, as an image-classification engine writes them."""
import torch

import probe


def train_one_epoch(model, criterion, loader, optimizer, device, loss_scaler, clip_grad=1.0):
    model.train()
    losses = []
    for samples, targets in loader:
        samples = samples.to(device, non_blocking=True)
        targets = targets.to(device, non_blocking=True)
        with torch.autocast(device_type=device.type, enabled=device.type == "cuda"):
            outputs = model(samples)
            loss = criterion(outputs, targets)
        optimizer.zero_grad()
        loss_scaler(loss, optimizer, clip_grad=clip_grad, parameters=model.parameters())
        losses.append(loss.item())
        probe.measure()
    return sum(losses) / len(losses)


@torch.no_grad()
def evaluate(model, loader, device):
    model.eval()
    correct = 0
    for samples, targets in loader:
        outputs = model(samples.to(device))
        correct += (outputs.argmax(1) == targets.to(device)).sum().item()
    return correct / sum(len(t) for _, t in loader)
