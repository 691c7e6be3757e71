"""The GAN's losses and its update helper, which backpropagates and steps."""
import torch.nn.functional as F


def discriminator_loss(discriminator, real, fake):
    return F.softplus(-discriminator(real)).mean() + F.softplus(discriminator(fake)).mean()


def generator_loss(discriminator, fake):
    return F.softplus(-discriminator(fake)).mean()


def update(loss, optimizer):
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
