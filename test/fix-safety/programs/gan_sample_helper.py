"""A GAN training script whose sample() helper switches the generator to eval for a preview.

sample() runs the generator with gradients on and returns the images, which are only saved;
the training loop around it trains both networks.
"""
import os

import torch
import torch.nn as nn
import torch.nn.functional as F

import probe

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))


def sample(generator, noise):
    generator.eval()
    images = generator(noise)
    generator.train()
    return images.mul(0.5).add(0.5)


def main():
    torch.manual_seed(0)
    generator = nn.Sequential(nn.Linear(4, 16), nn.BatchNorm1d(16), nn.ReLU(), nn.Linear(16, 9), nn.Tanh()).to(DEVICE)
    discriminator = nn.Sequential(nn.Linear(9, 16), nn.LeakyReLU(0.2), nn.Linear(16, 1)).to(DEVICE)
    opt_g = torch.optim.Adam(generator.parameters(), lr=2e-3)
    opt_d = torch.optim.Adam(discriminator.parameters(), lr=2e-3)
    preview_noise = torch.randn(3, 4).to(DEVICE)
    previews = []
    for step in range(9):
        real = torch.rand(8, 9).to(DEVICE) * 2 - 1
        fake = generator(torch.randn(8, 4).to(DEVICE))
        d_loss = F.softplus(-discriminator(real)).mean() + F.softplus(discriminator(fake.detach())).mean()
        opt_d.zero_grad()
        d_loss.backward()
        opt_d.step()
        g_loss = F.softplus(-discriminator(fake)).mean()
        opt_g.zero_grad()
        g_loss.backward()
        opt_g.step()
        if step % 2 == 0:
            previews.append(sample(generator, preview_noise).detach().cpu())
        probe.measure()
    probe.record("previews", previews)
    probe.record("generator", generator)


if __name__ == "__main__":
    main()
