"""Train the CIFAR-10 classifier on several GPUs with DistributedDataParallel.

    torchrun --nproc_per_node=4 ddp_train.py --data ./data --epochs 30 --out runs/ddp

One process per GPU, started by torchrun, which sets LOCAL_RANK for each. Resumes from the last
checkpoint when there is one.
"""

import argparse
import os

import torch
import torch.distributed as dist
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader, DistributedSampler
from torchvision import datasets, transforms

from train_classifier import SmallResNet


def parse_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", default="./data")
    parser.add_argument("--epochs", type=int, default=30)
    parser.add_argument("--batch-size", type=int, default=128)
    parser.add_argument("--lr", type=float, default=0.1)
    parser.add_argument("--out", default="runs/ddp")
    return parser.parse_args()


def check_cuda():
    # Runs before the process has picked its GPU: every process allocates on GPU 0.
    probe = torch.ones(1, device="cuda")  # expect: OOM010
    return probe.item() == 1.0


def train_one_epoch(model, loader, optimizer, device):
    model.train()
    for images, labels in loader:
        images, labels = images.to(device, non_blocking=True), labels.to(device, non_blocking=True)
        loss = F.cross_entropy(model(images), labels)
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        optimizer.step()


def main():
    args = parse_args()
    assert check_cuda(), "CUDA is not working"
    dist.init_process_group("nccl")
    local_rank = int(os.environ["LOCAL_RANK"])
    torch.cuda.set_device(local_rank)
    # After set_device, "cuda" means this process's own GPU.
    device = torch.device("cuda")

    model = SmallResNet(num_classes=10).cuda()
    model = DDP(model, device_ids=[local_rank])
    optimizer = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=0.9, weight_decay=5e-4)

    start_epoch = 0
    last = os.path.join(args.out, "last.pt")
    if os.path.exists(last):
        # Into host memory: load_state_dict copies each tensor to the model's own GPU.
        checkpoint = torch.load(last, map_location="cpu")
        model.module.load_state_dict(checkpoint["model"])
        optimizer.load_state_dict(checkpoint["optimizer"])
        start_epoch = checkpoint["epoch"] + 1
        del checkpoint

    train_set = datasets.CIFAR10(args.data, train=True, download=True, transform=transforms.ToTensor())
    sampler = DistributedSampler(train_set)
    loader = DataLoader(train_set, batch_size=args.batch_size, sampler=sampler, num_workers=4, pin_memory=True)

    for epoch in range(start_epoch, args.epochs):
        sampler.set_epoch(epoch)
        train_one_epoch(model, loader, optimizer, device)
        if dist.get_rank() == 0:
            os.makedirs(args.out, exist_ok=True)
            torch.save({"model": model.module.state_dict(), "optimizer": optimizer.state_dict(), "epoch": epoch}, last)

    dist.destroy_process_group()


if __name__ == "__main__":
    main()
