"""A GAN loop that keeps each step's discriminator and generator losses as tensors.

The lists are only read for the mean at the end, yet each entry keeps its step's autograd graph
alive: the plain pattern OOM002 exists for.
"""
import os

import torch
import torch.nn as nn
import torch.nn.functional as F

import probe

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))


def main():
    torch.manual_seed(0)
    generator = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 6)).to(DEVICE)
    discriminator = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 1)).to(DEVICE)
    opt_g = torch.optim.Adam(generator.parameters(), lr=1e-3)
    opt_d = torch.optim.Adam(discriminator.parameters(), lr=1e-3)
    d_losses = []
    g_losses = []
    for _ in range(10):
        real = torch.randn(8, 6).to(DEVICE) + 1.0
        fake = generator(torch.randn(8, 4).to(DEVICE))
        d_loss = F.softplus(-discriminator(real)).mean() + F.softplus(discriminator(fake.detach())).mean()
        opt_d.zero_grad()
        d_loss.backward()
        opt_d.step()
        g_loss = F.softplus(-discriminator(fake)).mean()
        opt_g.zero_grad()
        g_loss.backward()
        opt_g.step()
        d_losses.append(d_loss)
        g_losses.append(g_loss)
        probe.measure()
    probe.record("mean_d_loss", torch.stack(d_losses).mean())
    probe.record("mean_g_loss", torch.stack(g_losses).mean())
    probe.record("generator", generator)


if __name__ == "__main__":
    main()
