"""What a program of the fix-safety corpus reports: its results, and what autograd keeps alive.

A program imports this module and calls
- record(name, value): a result (a loss curve, the final weights, outputs), kept in an exact form:
  tensors by dtype, shape, device and a hash of their bytes; floats by repr; containers item by item;
- measure(): at the end of each iteration, what autograd keeps alive at that point (graph nodes
  reachable from live tensors, and the bytes autograd saved for backward that are still alive, as
  test/torch/autograd_census.py counts them, parameters left out), the peak and the sum of the
  bytes saved for backward since the last measure (what the forward passes recorded), and on a GPU
  the bytes the caching allocator has handed out.

run_programs.py installs the census around a program and collects both. Run by hand
(`PYTHONPATH=test/fix-safety:test/torch python3 PROGRAM.py`), a program prints them at exit.
"""

import atexit
import gc
import hashlib
import json
import os
import sys
import weakref

import torch

from autograd_census import SavedTensorCensus, graph_nodes_reachable

# Set by run_programs.py, which installs the census and collects the results itself.
RUNNER_ENV = "FIX_SAFETY_RUNNER"

_state = {"records": [], "measures": [], "census": None, "standalone": not os.environ.get(RUNNER_ENV)}

# How many leading values of a tensor a record shows, so that a difference can be read.
_HEAD = 4


def _tensor_bytes(tensor):
    flat = tensor.detach().to("cpu").contiguous().reshape(-1)
    if flat.dtype == torch.bfloat16:
        flat = flat.view(torch.int16)
    return flat.numpy().tobytes()


def _encode_tensor(tensor):
    flat = tensor.detach().reshape(-1)
    head = [repr(v) for v in flat[:_HEAD].to("cpu").tolist()]
    return {
        "tensor": str(tensor.dtype).replace("torch.", ""),
        "device": tensor.device.type,
        "shape": list(tensor.shape),
        "sha256": hashlib.sha256(_tensor_bytes(tensor)).hexdigest()[:24],
        "head": head,
    }


def encode(value):
    """The exact, comparable form of a result."""
    if isinstance(value, torch.Tensor):
        return _encode_tensor(value)
    if isinstance(value, torch.nn.Module):
        return {"module": type(value).__name__, "state": encode(value.state_dict())}
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        return {"int": str(value)}
    if isinstance(value, float):
        return {"float": repr(value)}
    if isinstance(value, str):
        return {"str": value}
    if isinstance(value, (list, tuple)):
        return {type(value).__name__: [encode(v) for v in value]}
    if isinstance(value, dict):
        return {"dict": [[str(k), encode(v)] for k, v in value.items()]}
    if type(value).__module__ == "numpy":
        return encode(torch.as_tensor(value))
    return {"object": type(value).__name__}


def record(name, value):
    """Keeps a result of the program, in the exact form `encode` gives."""
    _state["records"].append([name, encode(value)])


class _SavedWithVersion:
    """A saved tensor and its version counter at the time autograd saved it."""

    __slots__ = ("tensor", "version", "__weakref__")

    def __init__(self, tensor, version):
        self.tensor = tensor
        self.version = version


class PeakCensus(SavedTensorCensus):
    """The census, also keeping the peak and the sum of the bytes saved for backward between two measures.

    A graph that a forward pass records and drops within one iteration (evaluation without
    no_grad whose outputs are reduced at once) is gone by the end of the iteration; the peak may
    still show it, and the sum always does. Each saved tensor counts its own bytes, parameters
    included, views not merged: measures to compare one program with itself, not memory totals.

    With hooks installed, autograd leaves the check that a saved tensor was not modified in place
    to them; this census makes it, as autograd would, so that a program that fails it without the
    census fails it with the census too.
    """

    def __init__(self, ignore=()):
        self._current = 0
        self._peak = 0
        self._recorded = 0
        super().__init__(ignore)

    def _pack(self, tensor):
        saved = _SavedWithVersion(tensor.detach(), tensor._version)
        self._live.add(saved)
        size = tensor.element_size() * tensor.nelement()
        self._current += size
        self._recorded += size
        self._peak = max(self._peak, self._current)
        weakref.finalize(saved, self._release, size)
        return saved

    @staticmethod
    def _unpack(saved):
        tensor = saved.tensor
        if tensor._version != saved.version:
            raise RuntimeError(
                "one of the variables needed for gradient computation has been modified by an inplace operation: "
                f"[{tensor.type()} {list(tensor.shape)}] is at version {tensor._version}; expected version {saved.version} instead."
            )
        return tensor

    def _release(self, size):
        self._current -= size

    def take(self):
        """The peak and the sum since the last call; the next peak starts from what is saved now."""
        taken = {"peak_saved_bytes": self._peak, "recorded_bytes": self._recorded}
        self._peak, self._recorded = self._current, 0
        return taken


def _alive(tensors, census):
    parameters = [t for t in tensors if isinstance(t, torch.nn.Parameter)]
    return {
        "graph_nodes": graph_nodes_reachable(tensors),
        "saved_bytes": census.live_bytes(ignore=parameters),
        **census.take(),
    }


def measure():
    """Counts what autograd keeps alive now (call it at the end of each iteration)."""
    if _state["census"] is None:
        # A bare run (run_programs.py's control): the program runs as if nothing watched it.
        return
    gc.collect()
    tensors = [o for o in gc.get_objects() if isinstance(o, torch.Tensor)]
    alive = _alive(tensors, _state["census"])
    if torch.cuda.is_initialized():
        alive["cuda_bytes"] = torch.cuda.memory_allocated()
    _state["measures"].append(alive)


def start(census):
    """Called by run_programs.py before the program runs: results go back to it, not to stdout.

    Without a census (None), measure() does nothing: the run shows what the program records when
    no hook watches autograd.
    """
    _state.update(records=[], measures=[], census=census, standalone=False)


def results():
    return {"records": _state["records"], "measures": _state["measures"]}


def _print_at_exit():
    if _state["standalone"]:
        json.dump(results(), sys.stdout)
        sys.stdout.write("\n")


atexit.register(_print_at_exit)


# Run by hand, a program gets the census too, so that saved bytes are counted there as well.
if not os.environ.get(RUNNER_ENV):
    _state["census"] = PeakCensus().__enter__()
