"""Train a small ResNet-style classifier on CIFAR-10.

    python train_classifier.py --data ./data --epochs 30 --out runs/cifar

A typical research script: argparse, a model class, DataLoaders, a training loop with a progress
log, a validation pass after every epoch and a checkpoint of the best model.
"""

import argparse
import logging
import os
import time

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader
from torchvision import datasets, transforms

log = logging.getLogger("train")


class ResidualBlock(nn.Module):
    def __init__(self, channels_in, channels_out, stride=1):
        super().__init__()
        self.conv1 = nn.Conv2d(channels_in, channels_out, 3, stride=stride, padding=1, bias=False)
        self.bn1 = nn.BatchNorm2d(channels_out)
        self.conv2 = nn.Conv2d(channels_out, channels_out, 3, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(channels_out)
        self.shortcut = nn.Identity()
        if stride != 1 or channels_in != channels_out:
            self.shortcut = nn.Sequential(
                nn.Conv2d(channels_in, channels_out, 1, stride=stride, bias=False),
                nn.BatchNorm2d(channels_out),
            )

    def forward(self, x):
        out = F.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        return F.relu(out + self.shortcut(x))


class SmallResNet(nn.Module):
    def __init__(self, num_classes=10, width=64):
        super().__init__()
        self.stem = nn.Sequential(
            nn.Conv2d(3, width, 3, padding=1, bias=False),
            nn.BatchNorm2d(width),
            nn.ReLU(inplace=True),
        )
        self.layer1 = ResidualBlock(width, width)
        self.layer2 = ResidualBlock(width, width * 2, stride=2)
        self.layer3 = ResidualBlock(width * 2, width * 4, stride=2)
        self.head = nn.Linear(width * 4, num_classes)

    def forward(self, x):
        x = self.stem(x)
        x = self.layer3(self.layer2(self.layer1(x)))
        x = F.adaptive_avg_pool2d(x, 1).flatten(1)
        return self.head(x)


def build_parser():
    parser = argparse.ArgumentParser(description="CIFAR-10 classifier")
    parser.add_argument("--data", default="./data")
    parser.add_argument("--out", default="runs/cifar")
    parser.add_argument("--epochs", type=int, default=30)
    # Large batches "to use the whole GPU" are the usual first cause of OOM on a smaller card.
    parser.add_argument("--batch-size", type=int, default=1024)
    parser.add_argument("--lr", type=float, default=0.1)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--log-every", type=int, default=50)
    return parser


def build_loaders(args):
    normalize = transforms.Normalize((0.4914, 0.4822, 0.4465), (0.2470, 0.2435, 0.2616))
    train_tf = transforms.Compose([
        transforms.RandomCrop(32, padding=4),
        transforms.RandomHorizontalFlip(),
        transforms.ToTensor(),
        normalize,
    ])
    val_tf = transforms.Compose([transforms.ToTensor(), normalize])
    train_set = datasets.CIFAR10(args.data, train=True, download=True, transform=train_tf)
    val_set = datasets.CIFAR10(args.data, train=False, download=True, transform=val_tf)

    train_loader = DataLoader(train_set, batch_size=args.batch_size, shuffle=True, num_workers=args.workers, pin_memory=True, drop_last=True)  # expect: OOM004
    # Evaluation keeps no activations for backward, so a big batch here is fine.
    val_loader = DataLoader(val_set, batch_size=1024, shuffle=False, num_workers=args.workers, pin_memory=True)
    return train_loader, val_loader


def train_one_epoch(model, loader, optimizer, scheduler, device, epoch, log_every):
    model.train()
    criterion = nn.CrossEntropyLoss()
    running_loss = 0.0
    total_loss = 0
    start = time.time()
    for step, (images, labels) in enumerate(loader):
        images = images.to(device, non_blocking=True)
        labels = labels.to(device, non_blocking=True)

        logits = model(images)
        loss = criterion(logits, labels)

        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        optimizer.step()
        scheduler.step()

        running_loss += loss.item()
        total_loss += loss  # expect: OOM003
        if (step + 1) % log_every == 0:
            log.info(
                "epoch %d step %d loss %.4f (%.1f img/s)",
                epoch, step + 1, running_loss / log_every,
                log_every * images.size(0) / (time.time() - start),
            )
            running_loss = 0.0
            start = time.time()
    return total_loss / len(loader)


@torch.no_grad()
def validate(model, loader, device):
    model.eval()
    val_loss = 0.0
    correct = 0
    for images, labels in loader:
        images, labels = images.to(device), labels.to(device)
        logits = model(images)
        val_loss += F.cross_entropy(logits, labels, reduction="sum").item()
        correct += (logits.argmax(dim=1) == labels).sum().item()
    count = len(loader.dataset)
    return val_loss / count, correct / count


def save_checkpoint(path, model, optimizer, epoch, accuracy):
    torch.save(
        {
            "epoch": epoch,
            "model": model.state_dict(),
            "optimizer": optimizer.state_dict(),
            "accuracy": accuracy,
        },
        path,
    )


def main():
    args = build_parser().parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    os.makedirs(args.out, exist_ok=True)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

    train_loader, val_loader = build_loaders(args)
    model = SmallResNet().to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=0.9, weight_decay=5e-4, nesterov=True)
    scheduler = torch.optim.lr_scheduler.OneCycleLR(
        optimizer, max_lr=args.lr, epochs=args.epochs, steps_per_epoch=len(train_loader)
    )

    best_accuracy = 0.0
    for epoch in range(1, args.epochs + 1):
        train_loss = train_one_epoch(model, train_loader, optimizer, scheduler, device, epoch, args.log_every)
        val_loss, accuracy = validate(model, val_loader, device)
        log.info("epoch %d train %.4f val %.4f acc %.2f%%", epoch, float(train_loss), val_loss, 100 * accuracy)
        if accuracy > best_accuracy:
            best_accuracy = accuracy
            save_checkpoint(os.path.join(args.out, "best.pt"), model, optimizer, epoch, accuracy)
    save_checkpoint(os.path.join(args.out, "last.pt"), model, optimizer, args.epochs, accuracy)


if __name__ == "__main__":
    main()
