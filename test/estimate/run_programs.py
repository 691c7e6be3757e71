"""Runs the training programs of test/estimate/programs on the CPU and measures their second step.

For each program (run as a script, unchanged): the bytes of its weights (parameters and buffers),
gradients and optimizer state, counted tensor by tensor when its optimizer steps; the bytes autograd
saves for backward during the step's forward pass (saved_tensors_hooks, parameters, buffers and the
batch left out); the bytes of the batch the DataLoader yields; and the peak of live tensor bytes
over the step, from torch.profiler's memory events (profile_memory=True). The step runs from the end
of the first optimizer step to the end of the second, so the optimizer state exists throughout.
With --cuda (a machine with a GPU, where the programs train on it), the peak is
torch.cuda.max_memory_allocated() from the end of the first step to the end of the second.
Usage: python3 run_programs.py [--cuda] OUT.json [PROGRAM ...]   (default: every program; each in a process
of its own, on one thread)
"""
import gc
import hashlib
import json
import os
import runpy
import subprocess
import sys

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "scripts", "estimate"))
import memory_probe  # noqa: E402


METHOD = (
    "test/estimate/run_programs.py: each program run unchanged in a process of its own; the second training step "
    "(end of the first optimizer step to the end of the second); weights, gradients and optimizer state counted tensor "
    "by tensor; bytes saved for backward by saved_tensors_hooks (parameters, buffers and the batch left out); peak of "
    "live tensor bytes from torch.profiler memory events (profile_memory=True), or torch.cuda.max_memory_allocated() with --cuda"
)

# The probe of the program being run: the patched methods, installed once, report to it.
CURRENT = None


class CudaPeaks:
    """On a GPU, the peak is torch.cuda.max_memory_allocated() over the second step."""

    def __init__(self):
        self.markers = 0
        self.peak = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def mark(self):
        self.markers += 1
        torch.cuda.synchronize()
        if self.markers == 1:
            torch.cuda.reset_peak_memory_stats()
        elif self.markers == 2:
            self.peak = torch.cuda.max_memory_allocated()
        return self.markers

    def peak_between(self, first, second):
        return self.peak, None


class StepProbe:
    """Patches the optimizers' step and the DataLoader's iterator to see the program's steps."""

    def __init__(self, timeline, counter):
        self.timeline = timeline
        self.counter = counter
        self.steps = 0
        self.markers = []
        self.resident = None
        self.optimizer = None
        self.batch_storages = {}
        self.saved_in_step = None

    def wrap_step(self, cls):
        original = cls.step
        if getattr(original, "_probe", False):
            return

        def step(optimizer, *args, **kwargs):
            probe = CURRENT
            if probe.steps == 1:
                grads = [p.grad for g in optimizer.param_groups for p in g["params"] if p.grad is not None]
                probe.resident = {"gradientBytes": memory_probe.tensors_bytes(grads)}
                probe.saved_in_step = dict(probe.counter.saved)
            result = original(optimizer, *args, **kwargs)
            probe.steps += 1
            probe.optimizer = optimizer
            probe.markers.append(probe.timeline.mark())
            probe.counter.reset()
            if probe.steps == 1:
                probe.batch_storages = {}
            return result

        step._probe = True
        cls.step = step

    def wrap_loader(self):
        iterator_class = torch.utils.data.dataloader._BaseDataLoaderIter
        original = iterator_class.__next__
        if getattr(original, "_probe", False):
            return

        def next_batch(iterator):
            probe = CURRENT
            batch = original(iterator)
            if probe.steps == 1:
                for t in memory_probe.flatten_tensors(batch):
                    ptr, nbytes = memory_probe.storage_key(t)
                    probe.batch_storages[ptr] = nbytes
            return batch

        next_batch._probe = True
        iterator_class.__next__ = next_batch


def all_optimizer_classes():
    found, stack = set(), [torch.optim.Optimizer]
    while stack:
        cls = stack.pop()
        for sub in cls.__subclasses__():
            if sub not in found:
                found.add(sub)
                stack.append(sub)
    return found


def measure_program(path, cuda=False):
    global CURRENT
    torch.manual_seed(0)
    counter = memory_probe.SavedTensorCounter()
    with (CudaPeaks() if cuda else memory_probe.MemoryTimeline()) as timeline:
        probe = CURRENT = StepProbe(timeline, counter)
        for cls in all_optimizer_classes():
            probe.wrap_step(cls)
        probe.wrap_loader()
        with counter.context():
            program_globals = runpy.run_path(path, run_name="__main__")
    optimizer = probe.optimizer
    params = [p for g in optimizer.param_groups for p in g["params"]]
    modules = [v for v in program_globals.values() if isinstance(v, torch.nn.Module)]
    ids = {id(p) for p in params}
    model = max((m for m in modules if any(id(p) in ids for p in m.parameters())), key=lambda m: sum(p.numel() for p in m.parameters()))
    buffers = list(model.buffers())
    state = [t for s in optimizer.state.values() for t in memory_probe.flatten_tensors(s)]
    excluded = {memory_probe.storage_key(t)[0] for t in params + buffers} | set(probe.batch_storages)
    saved = sum(n for ptr, n in probe.saved_in_step.items() if ptr not in excluded)
    peak, _ = timeline.peak_between(probe.markers[0], probe.markers[1])
    del program_globals
    gc.collect()
    return {
        "weightsBytes": memory_probe.tensors_bytes(list(model.parameters()) + buffers),
        "gradientBytes": probe.resident["gradientBytes"],
        "optimizerStateBytes": memory_probe.tensors_bytes(state),
        "savedBytes": saved,
        "batchBytes": sum(probe.batch_storages.values()),
        "peakBytes": peak,
        "parameters": sum(p.numel() for p in model.parameters()),
    }


def measure_in_child(name, cuda):
    """Each program runs in a process of its own: tensors another program left behind would free
    during this one's profile and read as negative allocations."""
    child = subprocess.run([sys.executable, os.path.abspath(__file__), "--one", name] + (["--cuda"] if cuda else []), capture_output=True, text=True, timeout=1800)
    lines = child.stdout.strip().splitlines()
    if child.returncode != 0 or not lines:
        return {"error": (child.stderr.strip().splitlines() or ["no output"])[-1]}
    return json.loads(lines[-1])


def main():
    programs_dir = os.path.join(HERE, "programs")
    cuda = "--cuda" in sys.argv
    args = [a for a in sys.argv[1:] if a != "--cuda"]
    if args[0] == "--one":
        torch.set_num_threads(1)
        try:
            result = measure_program(os.path.join(programs_dir, args[1]), cuda)
        except Exception as error:  # noqa: BLE001 - reported per program
            result = {"error": f"{type(error).__name__}: {error}"}
        print(json.dumps(result))
        return
    out = args[0]
    names = args[1:] or sorted(n for n in os.listdir(programs_dir) if n.endswith(".py"))
    results = {}
    for name in names:
        results[name] = measure_in_child(name, cuda)
        # The program's digest ties the record to the text it measured: an edited program needs measuring again.
        results[name]["sha256"] = program_digest(os.path.join(programs_dir, name))
        print(name, json.dumps(results[name]), file=sys.stderr, flush=True)
    with open(out, "w") as f:
        json.dump({
            "torch": torch.__version__,
            "torchvision": torchvision_version(),
            "device": torch.cuda.get_device_name(0) if cuda else "cpu",
            "threads": 1,
            "method": METHOD,
            "programs": results,
        }, f, indent=1)
        f.write("\n")


def program_digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def torchvision_version():
    try:
        import torchvision
        return torchvision.__version__
    except ImportError:
        return None


if __name__ == "__main__":
    main()
