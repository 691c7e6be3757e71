"""Train briefly, save a checkpoint, then load it in an inference function and predict.

The checkpoint is loaded with torch.load() without map_location and only handed to
load_state_dict().
"""
import os
import tempfile

import torch
import torch.nn as nn

import probe

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))


def build():
    return nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))


def train(path):
    model = build().to(DEVICE)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for _ in range(5):
        x = torch.randn(6, 4).to(DEVICE)
        loss = model(x).pow(2).mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        probe.measure()
    torch.save({"model": model.state_dict(), "optimizer": optimizer.state_dict()}, path)


def predict(path, inputs):
    model = build().to(DEVICE)
    checkpoint = torch.load(path)
    model.load_state_dict(checkpoint["model"])
    model.eval()
    with torch.no_grad():
        return model(inputs.to(DEVICE)).softmax(dim=1)


def main():
    torch.manual_seed(0)
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "model.pt")
        train(path)
        probe.record("predictions", predict(path, torch.randn(5, 4)))


if __name__ == "__main__":
    main()
