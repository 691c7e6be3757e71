"""Measures the memory of PyTorch training steps on the CPU.

Three measures, each the CPU counterpart of what a CUDA run would report:
- resident bytes: parameters and buffers, gradients, optimizer state, counted tensor by tensor;
- saved bytes: the storages autograd saves for backward during a forward pass, counted once each
  through torch.autograd.graph.saved_tensors_hooks, leaving out parameters, buffers and the input;
- peak bytes: the most bytes held by live tensors at any moment, rebuilt from the allocation events
  that torch.profiler records with profile_memory=True (the CPU counterpart of
  torch.cuda.max_memory_allocated()).
Used by gen_torchvision_table.py and by test/estimate/run_programs.py.
"""
import contextlib

import torch
from torch.profiler import ProfilerActivity, profile

# Allocation sizes no real tensor has: a marker allocated and freed at a step boundary shows where in
# the profiler's list of memory events the boundary fell.
MARKER_BASE = 7_777_777


def storage_key(tensor):
    """(address, bytes) of the storage a tensor views; tensors without one count their own bytes."""
    try:
        storage = tensor.untyped_storage() if hasattr(tensor, "untyped_storage") else tensor.storage()
        return storage.data_ptr(), storage.nbytes()
    except (RuntimeError, NotImplementedError, TypeError):
        return id(tensor), tensor.numel() * tensor.element_size()


def tensors_bytes(tensors):
    """Bytes of the distinct storages among tensors."""
    seen = {}
    for t in tensors:
        if t is None:
            continue
        ptr, nbytes = storage_key(t)
        seen[ptr] = max(seen.get(ptr, 0), nbytes)
    return sum(seen.values())


def flatten_tensors(value):
    """The tensors in a nested structure of lists, tuples and dicts."""
    if torch.is_tensor(value):
        return [value]
    if isinstance(value, dict):
        return [t for v in value.values() for t in flatten_tensors(v)]
    if isinstance(value, (list, tuple)):
        return [t for v in value for t in flatten_tensors(v)]
    return []


class SavedTensorCounter:
    """Counts the storages autograd saves while active, leaving out those in `excluded` (addresses)."""

    def __init__(self):
        self.saved = {}
        self.excluded = set()
        self.active = True

    def pack(self, tensor):
        if self.active:
            ptr, nbytes = storage_key(tensor)
            if ptr not in self.excluded:
                self.saved[ptr] = max(self.saved.get(ptr, 0), nbytes)
        return tensor

    @staticmethod
    def unpack(tensor):
        return tensor

    def context(self):
        return torch.autograd.graph.saved_tensors_hooks(self.pack, self.unpack)

    def total(self):
        return sum(self.saved.values())

    def reset(self):
        self.saved = {}


class MemoryTimeline:
    """Allocation events of a profiled run, with markers that split it into steps."""

    def __init__(self):
        self.profiler = profile(activities=[ProfilerActivity.CPU], profile_memory=True)
        self.markers = 0

    def __enter__(self):
        self.profiler.__enter__()
        return self

    def __exit__(self, *exc):
        return self.profiler.__exit__(*exc)

    def mark(self):
        """Leaves a marker in the event list; returns its number."""
        self.markers += 1
        marker = torch.empty(MARKER_BASE + self.markers, dtype=torch.uint8)
        del marker
        return self.markers

    def events(self):
        return [e.nbytes() for e in self.profiler.profiler.kineto_results.events() if e.name() == "[memory]"]

    def live_bytes(self):
        """Live bytes after each event, and the index of each marker's event."""
        live, total, marks = [], 0, {}
        for nbytes in self.events():
            if nbytes > MARKER_BASE and nbytes <= MARKER_BASE + self.markers:
                marks[nbytes - MARKER_BASE] = len(live)
                continue
            if -nbytes > MARKER_BASE and -nbytes <= MARKER_BASE + self.markers:
                continue
            total += nbytes
            live.append(total)
        return live, marks

    def peak_between(self, first_marker, second_marker):
        """The most bytes live between two markers (and the live bytes at the first)."""
        live, marks = self.live_bytes()
        start, end = marks[first_marker], marks[second_marker]
        at_start = live[start - 1] if start > 0 else 0
        return max([at_start] + live[start:end]), at_start


def model_bytes(model):
    return tensors_bytes(list(model.parameters()) + list(model.buffers()))


def parameter_count(model, trainable_only=False):
    return sum(p.numel() for p in model.parameters() if p.requires_grad or not trainable_only)


def excluded_storages(model, inputs):
    return {storage_key(t)[0] for t in list(model.parameters()) + list(model.buffers()) + flatten_tensors(inputs)}


@contextlib.contextmanager
def no_threads_beyond(count):
    """Keeps intra-op threads fixed so that scratch buffers per thread do not vary between runs."""
    before = torch.get_num_threads()
    torch.set_num_threads(count)
    try:
        yield
    finally:
        torch.set_num_threads(before)


def measure_model_step(model, make_input, batch_size, loss_of=None, steps=1):
    """
    Trains `model` for `steps` steps of plain SGD (no optimizer state) on inputs from
    `make_input(batch_size)`, with gradients allocated before the first (as zero_grad(set_to_none=False)
    leaves them after a step), and measures the last step: the bytes saved for backward during its forward pass, and its peak
    over what lives at its start. `loss_of(output)` makes the scalar loss (default: the sum of the
    output's tensors, which saves nothing).
    """
    loss_of = loss_of or (lambda out: sum(t.float().sum() for t in flatten_tensors(out) if t.is_floating_point()))
    optimizer = torch.optim.SGD([p for p in model.parameters() if p.requires_grad], lr=1e-6)
    counter = SavedTensorCounter()
    model.train()
    for p in model.parameters():
        if p.requires_grad:
            p.grad = torch.zeros_like(p)
    result = {}
    with MemoryTimeline() as timeline:
        for step in range(steps):
            inputs = make_input(batch_size)
            first = timeline.mark()
            counter.reset()
            counter.excluded = excluded_storages(model, inputs)
            with counter.context():
                out = model(*inputs) if isinstance(inputs, tuple) else model(inputs)
                loss = loss_of(out)
            saved = counter.total()
            loss.backward()
            optimizer.step()
            optimizer.zero_grad(set_to_none=False)
            del out, loss
            second = timeline.mark()
            if step == steps - 1:
                result["savedBytes"] = saved
                result["inputBytes"] = tensors_bytes(flatten_tensors(inputs))
                result["markers"] = (first, second)
            del inputs
    peak, at_start = timeline.peak_between(*result.pop("markers"))
    result["peakOverStartBytes"] = peak - at_start
    result["gradientBytes"] = tensors_bytes([p.grad for p in model.parameters() if p.grad is not None])
    return result
