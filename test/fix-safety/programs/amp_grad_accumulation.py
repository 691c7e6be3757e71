"""Mixed-precision training with a GradScaler and gradient accumulation over four batches.

The loss is divided by the accumulation steps, scaled and backpropagated every batch; the optimizer
steps every fourth batch. Only Python numbers (`loss.item()`) are kept for the log.
"""
import os

import torch
import torch.nn as nn

import probe

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))
ACCUMULATION_STEPS = 4


def make_batches(count, batch_size=8):
    return [(torch.randn(batch_size, 16), torch.randint(0, 4, (batch_size,))) for _ in range(count)]


def train(model, batches, optimizer, scaler):
    criterion = nn.CrossEntropyLoss()
    model.train()
    running_loss = 0.0
    history = []
    optimizer.zero_grad(set_to_none=True)
    for step, (inputs, targets) in enumerate(batches):
        inputs, targets = inputs.to(DEVICE), targets.to(DEVICE)
        with torch.autocast(device_type=DEVICE.type, enabled=DEVICE.type == "cuda"):
            logits = model(inputs)
            loss = criterion(logits, targets) / ACCUMULATION_STEPS
        scaler.scale(loss).backward()
        if (step + 1) % ACCUMULATION_STEPS == 0:
            scaler.unscale_(optimizer)
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            scaler.step(optimizer)
            scaler.update()
            optimizer.zero_grad(set_to_none=True)
        running_loss += loss.item() * ACCUMULATION_STEPS
        history.append(running_loss / (step + 1))
        probe.measure()
    return history


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(16, 32), nn.GELU(), nn.Linear(32, 4)).to(DEVICE)
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-2)
    scaler = torch.cuda.amp.GradScaler(enabled=DEVICE.type == "cuda")
    history = train(model, make_batches(12), optimizer, scaler)
    probe.record("running_loss", history)
    probe.record("weights", model)


if __name__ == "__main__":
    main()
