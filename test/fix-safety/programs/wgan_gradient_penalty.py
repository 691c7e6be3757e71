"""WGAN-GP: five critic steps per generator step, with a gradient penalty.

The penalty differentiates the critic's output with respect to interpolated inputs with
`create_graph=True` and backpropagates through that gradient.
"""
import os

import torch
import torch.nn as nn

import probe

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))
N_CRITIC = 5


def gradient_penalty(critic, real, fake):
    alpha = torch.rand(real.size(0), 1, device=real.device)
    mixed = (alpha * real + (1 - alpha) * fake).requires_grad_(True)
    scores = critic(mixed)
    grads = torch.autograd.grad(outputs=scores, inputs=mixed, grad_outputs=torch.ones_like(scores), create_graph=True, retain_graph=True)[0]
    return ((grads.norm(2, dim=1) - 1) ** 2).mean()


def main():
    torch.manual_seed(0)
    generator = nn.Sequential(nn.Linear(3, 16), nn.ReLU(), nn.Linear(16, 5)).to(DEVICE)
    critic = nn.Sequential(nn.Linear(5, 16), nn.Tanh(), nn.Linear(16, 1)).to(DEVICE)
    opt_g = torch.optim.Adam(generator.parameters(), lr=1e-3, betas=(0.0, 0.9))
    opt_c = torch.optim.Adam(critic.parameters(), lr=1e-3, betas=(0.0, 0.9))
    penalties, critic_losses, generator_losses = [], [], []
    for _ in range(3):
        for _ in range(N_CRITIC):
            real = torch.randn(6, 5).to(DEVICE)
            fake = generator(torch.randn(6, 3).to(DEVICE)).detach()
            penalty = gradient_penalty(critic, real, fake)
            critic_loss = critic(fake).mean() - critic(real).mean() + 10 * penalty
            opt_c.zero_grad()
            critic_loss.backward()
            opt_c.step()
            penalties.append(penalty.item())
            critic_losses.append(critic_loss.item())
        generator_loss = -critic(generator(torch.randn(6, 3).to(DEVICE))).mean()
        opt_g.zero_grad()
        generator_loss.backward()
        opt_g.step()
        generator_losses.append(generator_loss.item())
        probe.measure()
    probe.record("penalties", penalties)
    probe.record("critic_losses", critic_losses)
    probe.record("generator_losses", generator_losses)
    probe.record("generator", generator)
    probe.record("critic", critic)


if __name__ == "__main__":
    main()
