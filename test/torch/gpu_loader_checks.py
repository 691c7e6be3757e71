"""GPU measurements for the DataLoader rules: OOM004 (batch size) and OOM005 (pinned memory, many workers).

    python3 test/torch/gpu_loader_checks.py --out gpu-loader.json

- OOM005: a DataLoader over synthetic 3x224x224 uint8 images (9.6 MB a batch), batch 64, pin_memory=True, for 2, 4, 8 and 16
  workers. After 60 batches, the CUDA caching host allocator's statistics (the page-locked memory it
  holds for pinned batches: torch.cuda.host_memory_stats()) and the main process's resident memory.
- OOM004: peak GPU memory of one training step (forward, backward, SGD step) of torchvision's
  ResNet-50 on 224x224 images at batch sizes 32, 64, 128 and 256.
"""

import argparse
import gc
import json
import resource
import subprocess
import sys

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset

from gpu_environment import environment, save_report


class Images(Dataset):
    def __len__(self):
        return 100_000

    def __getitem__(self, index):
        return torch.full((3, 224, 224), index % 7, dtype=torch.uint8), index % 1000


def rss_mib():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return None


def host_stats():
    stats = getattr(torch.cuda, "host_memory_stats", None)
    if stats is None:
        return None
    return {k: v for k, v in stats().items() if "bytes" in k or "segment" in k}


def pinned_loader(workers, batches):
    loader = DataLoader(Images(), batch_size=64, num_workers=workers, pin_memory=True, prefetch_factor=2, persistent_workers=False)
    seen = 0
    for images, labels in loader:
        images.cuda(non_blocking=True)
        seen += 1
        if seen == batches:
            break
    torch.cuda.synchronize()
    result = {"workers": workers, "batches": seen, "host_allocator": host_stats(), "main_process_rss_mib": rss_mib(),
              "main_process_max_rss_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}
    del loader
    gc.collect()
    return result


def one_loader_in_own_process(workers, batches):
    done = subprocess.run([sys.executable, __file__, "--one-loader", str(workers), "--batches", str(batches)],
                          capture_output=True, text=True, timeout=300)
    for line in done.stdout.splitlines():
        if line.startswith("LOADER "):
            return json.loads(line[len("LOADER "):])
    return {"workers": workers, "failed": done.stderr[-2000:]}


def resnet_step_peak(batch):
    import torchvision

    gc.collect()
    torch.cuda.empty_cache()
    model = torchvision.models.resnet50().cuda()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    images = torch.randn(batch, 3, 224, 224, device="cuda")
    labels = torch.randint(0, 1000, (batch,), device="cuda")
    torch.cuda.synchronize()
    torch.cuda.reset_peak_memory_stats()
    before = torch.cuda.memory_allocated()
    loss = F.cross_entropy(model(images), labels)
    loss.backward()
    optimizer.step()
    torch.cuda.synchronize()
    peak = torch.cuda.max_memory_allocated()
    del model, optimizer, images, labels, loss
    return {"batch_size": batch, "peak_above_start_bytes": peak - before}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out")
    parser.add_argument("--batches", type=int, default=60)
    parser.add_argument("--one-loader", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one_loader is not None:
        print("LOADER " + json.dumps(pinned_loader(args.one_loader, args.batches)), flush=True)
        return
    report = {
        "environment": environment(torch.device("cuda")),
        # Each worker count in a process of its own: the host allocator keeps what it pinned.
        "OOM005": [one_loader_in_own_process(workers, args.batches) for workers in (2, 4, 8, 16)],
        "OOM004": [resnet_step_peak(batch) for batch in (32, 64, 128, 256)],
    }
    print(save_report(report, args.out))


if __name__ == "__main__":
    main()
