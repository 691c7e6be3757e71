"""Resuming from a checkpoint saved on the GPU: torch.load without map_location, then training goes on."""
import os
import tempfile

import torch
import torch.nn as nn


def save_checkpoint(path):
    model = nn.Sequential(*[nn.Linear(4096, 4096) for _ in range(16)]).cuda()
    torch.save({"model": model.state_dict()}, path)


def resume(path):
    model = nn.Sequential(*[nn.Linear(4096, 4096) for _ in range(16)]).cuda()
    checkpoint = torch.load(path, map_location="cpu")
    model.load_state_dict(checkpoint["model"])
    optimizer = torch.optim.Adam(model.parameters())
    for _ in range(3):
        loss = model(torch.randn(256, 4096, device="cuda")).square().mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    return model


def main():
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "last.pt")
        save_checkpoint(path)
        torch.cuda.empty_cache()
        resume(path)
    print("done")


if __name__ == "__main__":
    main()
