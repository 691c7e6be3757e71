"""A GAN whose models, losses and update step live in their own files; the loop logs tensors' values."""
import os

import torch

import probe
from losses import discriminator_loss, generator_loss, update
from models import make_discriminator, make_generator

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))


def train(steps):
    generator, discriminator = make_generator().to(DEVICE), make_discriminator().to(DEVICE)
    opt_g = torch.optim.Adam(generator.parameters(), lr=1e-3)
    opt_d = torch.optim.Adam(discriminator.parameters(), lr=1e-3)
    log = {"d": [], "g": []}
    for _ in range(steps):
        real = torch.randn(8, 6).to(DEVICE) * 0.5 + 1
        fake = generator(torch.randn(8, 4).to(DEVICE))
        d_loss = discriminator_loss(discriminator, real, fake.detach())
        update(d_loss, opt_d)
        g_loss = generator_loss(discriminator, fake)
        update(g_loss, opt_g)
        log["d"].append(d_loss.item())
        log["g"].append(g_loss.item())
        probe.measure()
    return generator, log


def main():
    torch.manual_seed(0)
    generator, log = train(8)
    probe.record("log", log)
    probe.record("generator", generator)


if __name__ == "__main__":
    main()
