"""A small DCGAN for 28x28 MNIST digits.

    python gan.py --data ./data --epochs 20 --out runs/gan

Both networks are updated from one generated batch per step: the discriminator step keeps the
generator's graph (retain_graph=True) because the generator step backpropagates through it again.
"""

import argparse
import logging
import os

import torch
import torch.nn as nn
from torch.utils.data import DataLoader
from torchvision import datasets, transforms, utils

log = logging.getLogger("gan")


class Generator(nn.Module):
    def __init__(self, latent_dim=64, width=64):
        super().__init__()
        self.net = nn.Sequential(
            nn.ConvTranspose2d(latent_dim, width * 4, 7, 1, 0, bias=False),
            nn.BatchNorm2d(width * 4),
            nn.ReLU(True),
            nn.ConvTranspose2d(width * 4, width * 2, 4, 2, 1, bias=False),
            nn.BatchNorm2d(width * 2),
            nn.ReLU(True),
            nn.ConvTranspose2d(width * 2, 1, 4, 2, 1, bias=False),
            nn.Tanh(),
        )

    def forward(self, z):
        return self.net(z)


class Discriminator(nn.Module):
    def __init__(self, width=64):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv2d(1, width, 4, 2, 1, bias=False),
            nn.LeakyReLU(0.2, inplace=True),
            nn.Conv2d(width, width * 2, 4, 2, 1, bias=False),
            nn.BatchNorm2d(width * 2),
            nn.LeakyReLU(0.2, inplace=True),
            nn.Flatten(),
            nn.Linear(width * 2 * 7 * 7, 1),
        )

    def forward(self, x):
        return self.net(x).squeeze(1)


def parse_args():
    parser = argparse.ArgumentParser(description="DCGAN on MNIST")
    parser.add_argument("--data", default="./data")
    parser.add_argument("--out", default="runs/gan")
    parser.add_argument("--epochs", type=int, default=20)
    parser.add_argument("--batch-size", type=int, default=128)
    parser.add_argument("--latent-dim", type=int, default=64)
    parser.add_argument("--lr", type=float, default=2e-4)
    parser.add_argument("--sample-every", type=int, default=200)
    return parser.parse_args()


def sample(generator, noise):
    """A batch of images in [0, 1] for the progress grid."""
    generator.eval()
    images = generator(noise)  # expect: OOM001
    generator.train()
    return images.mul(0.5).add(0.5)


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    os.makedirs(args.out, exist_ok=True)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

    dataset = datasets.MNIST(
        args.data, train=True, download=True,
        transform=transforms.Compose([transforms.ToTensor(), transforms.Normalize((0.5,), (0.5,))]),
    )
    loader = DataLoader(dataset, batch_size=args.batch_size, shuffle=True, num_workers=2, drop_last=True)

    generator = Generator(args.latent_dim).to(device)
    discriminator = Discriminator().to(device)
    opt_g = torch.optim.Adam(generator.parameters(), lr=args.lr, betas=(0.5, 0.999))
    opt_d = torch.optim.Adam(discriminator.parameters(), lr=args.lr, betas=(0.5, 0.999))
    bce = nn.BCEWithLogitsLoss()

    fixed_noise = torch.randn(64, args.latent_dim, 1, 1, device=device)
    real_label = torch.ones(args.batch_size, device=device)
    fake_label = torch.zeros(args.batch_size, device=device)
    d_losses = []
    g_losses = []
    snapshots = []
    step = 0
    for epoch in range(1, args.epochs + 1):
        for real, _ in loader:
            real = real.to(device)
            noise = torch.randn(real.size(0), args.latent_dim, 1, 1, device=device)
            fake = generator(noise)

            opt_d.zero_grad()
            d_loss = bce(discriminator(real), real_label) + bce(discriminator(fake), fake_label)
            d_loss.backward(retain_graph=True)
            opt_d.step()

            # Backpropagates through the generator graph kept by the discriminator step.
            opt_g.zero_grad()
            g_loss = bce(discriminator(fake), real_label)
            g_loss.backward()
            opt_g.step()

            d_losses.append(d_loss)  # expect: OOM002
            g_losses.append(g_loss.item())

            if step % args.sample_every == 0:
                grid = utils.make_grid(sample(generator, fixed_noise), nrow=8)
                utils.save_image(grid, os.path.join(args.out, f"step{step:06d}.png"))
                with torch.no_grad():
                    snapshots.append(generator(fixed_noise).cpu())
                log.info("epoch %d step %d d_loss %.3f g_loss %.3f", epoch, step, d_loss.item(), g_losses[-1])
            step += 1

        torch.save(
            {"generator": generator.state_dict(), "discriminator": discriminator.state_dict(), "epoch": epoch},
            os.path.join(args.out, "checkpoint.pt"),
        )

    d_history = torch.stack(d_losses).detach().cpu()
    torch.save({"d_loss": d_history, "g_loss": torch.tensor(g_losses), "snapshots": snapshots},
               os.path.join(args.out, "history.pt"))


if __name__ == "__main__":
    main()
