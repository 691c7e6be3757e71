"""Trains a tiny classifier with an engine module and a loss scaler that lives in its own file."""
import os

import torch
import torch.nn as nn

import probe
from engine import evaluate, train_one_epoch
from scaler import NativeScaler

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(10, 20), nn.GELU(), nn.Linear(20, 4)).to(DEVICE)
    optimizer = torch.optim.AdamW(model.parameters(), lr=5e-3)
    criterion = nn.CrossEntropyLoss(label_smoothing=0.1)
    loss_scaler = NativeScaler(enabled=DEVICE.type == "cuda")
    train_loader = [(torch.randn(6, 10), torch.randint(0, 4, (6,))) for _ in range(4)]
    val_loader = [(torch.randn(6, 10), torch.randint(0, 4, (6,))) for _ in range(2)]
    history = []
    for _ in range(3):
        train_loss = train_one_epoch(model, criterion, train_loader, optimizer, DEVICE, loss_scaler)
        history.append((train_loss, evaluate(model, val_loader, DEVICE)))
    probe.record("history", history)
    probe.record("weights", model)


if __name__ == "__main__":
    main()
