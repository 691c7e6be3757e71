"""Measures on a real GPU how much memory each flagged pattern holds, against its fix.

    python3 test/torch/gpu_memory_check.py --out gpu-measurements.json [--iterations 40]

Every case runs the same small fully-convolutional segmentation network (its per-pixel outputs
make "keep the outputs" cases visible) over the same batches twice: once written the flagged way,
once fixed. Each loop is a generator that yields once per iteration, so its local variables live
exactly as long as in a plain `for` loop; after each yield the harness records
torch.cuda.memory_allocated(), and at the end max_memory_allocated(). All numbers are bytes, with
the baseline (model and data in place, before the loop) recorded so growth can be read off.

`--device cpu` runs the same loops without memory readings, to check the script itself.
"""

import argparse
import gc
import json
import sys

import torch
import torch.nn as nn
import torch.nn.functional as F

from autograd_census import graph_nodes_reachable
from gpu_environment import environment, save_report

CLASSES = 21


class TinySegNet(nn.Module):
    """Four 3x3 conv blocks and a 1x1 classifier: a per-pixel model, like a small segmenter."""

    def __init__(self, width=64, classes=CLASSES):
        super().__init__()
        blocks = []
        channels = 3
        for _ in range(4):
            blocks += [nn.Conv2d(channels, width, 3, padding=1, bias=False), nn.BatchNorm2d(width), nn.ReLU()]
            channels = width
        self.body = nn.Sequential(*blocks)
        self.classifier = nn.Conv2d(width, classes, 1)

    def forward(self, images):
        return self.classifier(self.body(images))


# Each loop below takes (model, optimizer, batches) and yields after every iteration what it keeps
# across iterations (a list or a running sum), or None.


def eval_grad_enabled(model, optimizer, batches):
    model.eval()
    correct = 0
    for images, labels in batches:
        logits = model(images)
        correct += (logits.argmax(dim=1) == labels).sum().item()
        yield None


def eval_no_grad(model, optimizer, batches):
    model.eval()
    correct = 0
    with torch.no_grad():
        for images, labels in batches:
            logits = model(images)
            correct += (logits.argmax(dim=1) == labels).sum().item()
            yield None


def train_step(model, optimizer, images, labels, retain_graph=False):
    logits = model(images)
    loss = F.cross_entropy(logits, labels)
    optimizer.zero_grad(set_to_none=True)
    loss.backward(retain_graph=retain_graph)
    optimizer.step()
    return logits, loss


def train_keep_outputs(model, optimizer, batches):
    model.train()
    outputs = []
    for images, labels in batches:
        logits, loss = train_step(model, optimizer, images, labels)
        outputs.append(logits)
        yield outputs


def train_keep_outputs_detached(model, optimizer, batches):
    model.train()
    outputs = []
    for images, labels in batches:
        logits, loss = train_step(model, optimizer, images, labels)
        outputs.append(logits.detach())
        yield outputs


def train_keep_losses(model, optimizer, batches):
    model.train()
    losses = []
    for images, labels in batches:
        logits, loss = train_step(model, optimizer, images, labels)
        losses.append(loss)
        yield losses


def train_keep_loss_values(model, optimizer, batches):
    model.train()
    losses = []
    for images, labels in batches:
        logits, loss = train_step(model, optimizer, images, labels)
        losses.append(loss.item())
        yield losses


def retained_keep_losses(model, optimizer, batches):
    """A GAN discriminator step: backward(retain_graph=True), then the loss goes into a list."""
    model.train()
    losses = []
    for images, labels in batches:
        logits, loss = train_step(model, optimizer, images, labels, retain_graph=True)
        losses.append(loss)
        yield losses


def retained_keep_loss_values(model, optimizer, batches):
    model.train()
    losses = []
    for images, labels in batches:
        logits, loss = train_step(model, optimizer, images, labels, retain_graph=True)
        losses.append(loss.item())
        yield losses


def train_sum_loss(model, optimizer, batches):
    model.train()
    total_loss = 0
    for images, labels in batches:
        logits, loss = train_step(model, optimizer, images, labels)
        total_loss += loss
        yield total_loss


def train_sum_loss_values(model, optimizer, batches):
    model.train()
    total_loss = 0
    for images, labels in batches:
        logits, loss = train_step(model, optimizer, images, labels)
        total_loss += loss.item()
        yield total_loss


def validate_sum_loss(model, optimizer, batches):
    """A validation loop that forgot no_grad and sums the loss tensor."""
    model.eval()
    total_loss = 0
    for images, labels in batches:
        loss = F.cross_entropy(model(images), labels)
        total_loss += loss
        yield total_loss


def validate_sum_loss_values(model, optimizer, batches):
    model.eval()
    total_loss = 0
    for images, labels in batches:
        loss = F.cross_entropy(model(images), labels)
        total_loss += loss.item()
        yield total_loss


def train_retain_graph(model, optimizer, batches):
    model.train()
    for images, labels in batches:
        logits, loss = train_step(model, optimizer, images, labels, retain_graph=True)
        yield None


def train_plain_backward(model, optimizer, batches):
    model.train()
    for images, labels in batches:
        logits, loss = train_step(model, optimizer, images, labels)
        yield None


def eval_keep_outputs_on_gpu(model, optimizer, batches):
    model.eval()
    outputs = []
    with torch.no_grad():
        for images, labels in batches:
            outputs.append(model(images))
            yield outputs


def eval_keep_outputs_on_cpu(model, optimizer, batches):
    model.eval()
    outputs = []
    with torch.no_grad():
        for images, labels in batches:
            outputs.append(model(images).cpu())
            yield outputs


CASES = [
    ("OOM001", "eval-without-no-grad", "evaluation loop: model.eval() alone vs under torch.no_grad()",
     eval_grad_enabled, eval_no_grad),
    ("OOM002", "graph-tensor-stored", "training loop keeps every batch's output: outputs.append(logits) vs logits.detach()",
     train_keep_outputs, train_keep_outputs_detached),
    ("OOM002", "graph-tensor-stored", "training loop keeps every loss: losses.append(loss) vs loss.item()",
     train_keep_losses, train_keep_loss_values),
    ("OOM002", "graph-tensor-stored",
     "loss kept after backward(retain_graph=True), as in a GAN discriminator step: append(loss) vs loss.item()",
     retained_keep_losses, retained_keep_loss_values),
    ("OOM003", "loss-accumulated-with-graph", "training loop: total_loss += loss vs += loss.item()",
     train_sum_loss, train_sum_loss_values),
    ("OOM003", "loss-accumulated-with-graph",
     "validation loop without no_grad: total_loss += loss vs += loss.item()",
     validate_sum_loss, validate_sum_loss_values),
    ("OOM006", "retain-graph-in-loop", "training loop: backward(retain_graph=True) vs backward()",
     train_retain_graph, train_plain_backward),
    ("OOM007", "eval-outputs-kept-on-gpu", "no_grad evaluation keeps every output: on the GPU vs .cpu()",
     eval_keep_outputs_on_gpu, eval_keep_outputs_on_cpu),
]


def make_batches(count, batch_size, size, device):
    generator = torch.Generator().manual_seed(1234)
    batches = []
    for _ in range(count):
        images = torch.randn(batch_size, 3, size, size, generator=generator)
        labels = torch.randint(0, CLASSES, (batch_size, size, size), generator=generator)
        batches.append((images.to(device), labels.to(device)))
    return batches


def kept_tensors(kept):
    if isinstance(kept, torch.Tensor):
        return [kept]
    if isinstance(kept, list):
        return [item for item in kept if isinstance(item, torch.Tensor)]
    return []


def measure(loop, batches, iterations, device):
    """Runs one loop on a fresh model; returns the memory readings."""
    on_gpu = device.type == "cuda"
    gc.collect()
    if on_gpu:
        torch.cuda.synchronize()
        torch.cuda.empty_cache()
    torch.manual_seed(0)
    model = TinySegNet().to(device)
    # Plain SGD keeps no per-parameter state, so the optimizer adds nothing after the first step.
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    if on_gpu:
        torch.cuda.synchronize()
        torch.cuda.reset_peak_memory_stats()
    baseline = torch.cuda.memory_allocated() if on_gpu else None
    allocated = []
    kept = None
    steps = loop(model, optimizer, (batches[i % len(batches)] for i in range(iterations)))
    for kept in steps:
        if on_gpu:
            torch.cuda.synchronize()
            allocated.append(torch.cuda.memory_allocated())
    peak = torch.cuda.max_memory_allocated() if on_gpu else None
    # `kept` still holds what the loop yielded last: the list or sum it carried to the end.
    graph_nodes = graph_nodes_reachable(kept_tensors(kept))
    result = {
        "loop": loop.__name__,
        "baseline_bytes": baseline,
        "allocated_bytes": allocated,
        "peak_bytes": peak,
        "graph_nodes_kept_at_end": graph_nodes,
    }
    if on_gpu:
        result["growth_bytes"] = allocated[-1] - baseline
        result["peak_over_baseline_bytes"] = peak - baseline
    del steps, kept, model, optimizer
    return result


def mib(n):
    return f"{n / 2**20:.1f}"


def summary_lines(report):
    """One line per case, MiB above the loop's baseline: after the last iteration, and at peak."""
    lines = ["rule    | bad after N | fixed after N | bad peak | fixed peak | graph nodes kept (bad/fixed) | case"]
    for case in report["cases"]:
        bad, fixed = case["bad"], case["fixed"]
        cells = [
            mib(r[key]) if key in r else "-"
            for key in ("growth_bytes", "peak_over_baseline_bytes")
            for r in (bad, fixed)
        ]
        nodes = f"{bad['graph_nodes_kept_at_end']}/{fixed['graph_nodes_kept_at_end']}"
        lines.append(
            f"{case['rule']:7} | {cells[0]:>11} | {cells[1]:>13} | {cells[2]:>8} | {cells[3]:>10} | {nodes:>28} | "
            f"{case['description']}"
        )
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", help="write the JSON report here")
    parser.add_argument("--iterations", type=int, default=40)
    parser.add_argument("--batch-size", type=int, default=32)
    parser.add_argument("--image-size", type=int, default=64)
    parser.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    args = parser.parse_args()

    device = torch.device(args.device)
    batches = make_batches(8, args.batch_size, args.image_size, device)
    # One untimed pass so that cuDNN's one-off allocations land before the first baseline.
    for warm_up in (train_plain_backward, eval_no_grad):
        measure(warm_up, batches, 2, device)

    report = {
        "environment": environment(device),
        "settings": {
            "iterations": args.iterations,
            "batch_size": args.batch_size,
            "image_size": args.image_size,
            "classes": CLASSES,
            "model": "TinySegNet (4 x [conv3x3 64, BatchNorm, ReLU] + conv1x1 classifier)",
            "optimizer": "SGD lr=0.01",
        },
        "cases": [],
    }
    for rule, name, description, bad, fixed in CASES:
        report["cases"].append({
            "rule": rule,
            "name": name,
            "description": description,
            "bad": measure(bad, batches, args.iterations, device),
            "fixed": measure(fixed, batches, args.iterations, device),
        })

    report["summary"] = summary_lines(report)
    save_report(report, args.out)
    print(json.dumps(report["environment"]))
    print("\n".join(report["summary"]))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
