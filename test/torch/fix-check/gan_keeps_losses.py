"""A GAN step that keeps the discriminator's losses in a list after backward(retain_graph=True)."""
import torch
import torch.nn as nn


def train(generator, discriminator, steps):
    g_optimizer = torch.optim.Adam(generator.parameters(), lr=2e-4)
    d_optimizer = torch.optim.Adam(discriminator.parameters(), lr=2e-4)
    criterion = nn.BCEWithLogitsLoss()
    d_losses = []
    g_losses = []
    for step in range(steps):
        noise = torch.randn(64, 128, 1, 1, device="cuda")
        real = torch.randn(64, 3, 64, 64, device="cuda")
        fake = generator(noise)
        d_loss = criterion(discriminator(real), torch.ones(64, 1, device="cuda")) + criterion(discriminator(fake), torch.zeros(64, 1, device="cuda"))
        d_optimizer.zero_grad()
        # The generator's graph is kept for its own loss below, which goes through `fake` again.
        d_loss.backward(retain_graph=True)
        d_optimizer.step()
        g_loss = criterion(discriminator(fake), torch.ones(64, 1, device="cuda"))
        g_optimizer.zero_grad()
        g_loss.backward()
        g_optimizer.step()
        d_losses.append(d_loss)
        g_losses.append(g_loss.item())
    return d_losses, g_losses


def main():
    torch.manual_seed(0)
    generator = nn.Sequential(nn.ConvTranspose2d(128, 256, 8), nn.ReLU(), nn.Upsample(scale_factor=8), nn.Conv2d(256, 3, 3, padding=1), nn.Tanh()).cuda()
    discriminator = nn.Sequential(nn.Conv2d(3, 128, 4, 2, 1), nn.LeakyReLU(0.2), nn.Conv2d(128, 256, 4, 2, 1), nn.LeakyReLU(0.2), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(256, 1)).cuda()
    d_losses, g_losses = train(generator, discriminator, 80)
    print(len(d_losses), len(g_losses))


if __name__ == "__main__":
    main()
