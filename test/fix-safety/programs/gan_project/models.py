"""Generator and discriminator of a tiny GAN."""
import torch.nn as nn


def make_generator(noise_dim=4, out_dim=6):
    return nn.Sequential(nn.Linear(noise_dim, 16), nn.ReLU(), nn.Linear(16, out_dim))


def make_discriminator(in_dim=6):
    return nn.Sequential(nn.Linear(in_dim, 16), nn.LeakyReLU(0.2), nn.Linear(16, 1))
