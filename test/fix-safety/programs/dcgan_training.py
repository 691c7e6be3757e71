"""A DCGAN-style training loop on tiny images.

The discriminator sees real images and `fake.detach()`, the generator its own loss through the
discriminator. Losses are logged as Python numbers; a grid from fixed noise is kept every few steps
under no_grad, moved to the CPU.
"""
import os

import torch
import torch.nn as nn

import probe

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))
NOISE = 8


def build():
    generator = nn.Sequential(nn.Linear(NOISE, 32), nn.ReLU(), nn.Linear(32, 16), nn.Tanh())
    discriminator = nn.Sequential(nn.Linear(16, 32), nn.LeakyReLU(0.2), nn.Linear(32, 1))
    return generator.to(DEVICE), discriminator.to(DEVICE)


def main():
    torch.manual_seed(0)
    net_g, net_d = build()
    criterion = nn.BCEWithLogitsLoss()
    opt_d = torch.optim.Adam(net_d.parameters(), lr=2e-3, betas=(0.5, 0.999))
    opt_g = torch.optim.Adam(net_g.parameters(), lr=2e-3, betas=(0.5, 0.999))
    fixed_noise = torch.randn(4, NOISE).to(DEVICE)
    g_losses, d_losses, samples = [], [], []
    for step in range(10):
        real = (torch.rand(8, 16) * 2 - 1).to(DEVICE)
        noise = torch.randn(8, NOISE).to(DEVICE)
        ones = torch.ones(8, 1, device=DEVICE)
        zeros = torch.zeros(8, 1, device=DEVICE)

        net_d.zero_grad()
        output = net_d(real)
        err_d_real = criterion(output, ones)
        err_d_real.backward()
        d_x = output.sigmoid().mean().item()
        fake = net_g(noise)
        err_d_fake = criterion(net_d(fake.detach()), zeros)
        err_d_fake.backward()
        err_d = err_d_real + err_d_fake
        opt_d.step()

        net_g.zero_grad()
        err_g = criterion(net_d(fake), ones)
        err_g.backward()
        opt_g.step()

        g_losses.append(err_g.item())
        d_losses.append(err_d.item())
        if step % 3 == 0:
            with torch.no_grad():
                samples.append(net_g(fixed_noise).detach().cpu())
        probe.measure()
    probe.record("g_losses", g_losses)
    probe.record("d_losses", d_losses)
    probe.record("d_x", d_x)
    probe.record("samples", samples)
    probe.record("generator", net_g)
    probe.record("discriminator", net_d)


if __name__ == "__main__":
    main()
