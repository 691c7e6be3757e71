"""Counts what autograd keeps alive, on any device, without a GPU.

Two measures back the claims the checks make:
- graph_nodes_reachable: autograd nodes (grad_fn objects) reachable from some tensors. A value
  that still "carries its graph" keeps every one of these nodes alive.
- SavedTensorCensus: the tensors autograd saved for backward (the activations; parameters are
  left out) that are still alive, found through saved_tensors_hooks. backward() without
  retain_graph releases them; a graph kept without ever running backward keeps them.
"""

import argparse
import json
import sys
import weakref

import torch


def graph_nodes_reachable(tensors):
    """Number of distinct autograd nodes reachable from the tensors' grad_fn."""
    # The node objects are held in `seen` so that their ids stay unique during the walk.
    seen = {}
    pending = [t.grad_fn for t in tensors if isinstance(t, torch.Tensor) and t.grad_fn is not None]
    while pending:
        node = pending.pop()
        if id(node) in seen:
            continue
        seen[id(node)] = node
        for next_node, _ in node.next_functions:
            if next_node is not None and id(next_node) not in seen:
                pending.append(next_node)
    return len(seen)


class _SavedTensor:
    """What autograd stores in place of a saved tensor while the census is active."""

    __slots__ = ("tensor", "__weakref__")

    def __init__(self, tensor):
        self.tensor = tensor


def _storage(tensor):
    # untyped_storage() is the torch 2 spelling; torch 1.13 (Debian's build) only has storage().
    return tensor.untyped_storage() if hasattr(tensor, "untyped_storage") else tensor.storage()


class SavedTensorCensus:
    """Context manager that tracks every tensor autograd saves for backward inside it.

    `ignore`: tensors (the model's parameters) whose storage is alive anyway and should not be
    counted when autograd saves them or views of them.
    """

    def __init__(self, ignore=()):
        self._ignored = {_storage(t).data_ptr() for t in ignore}
        self._live = weakref.WeakSet()
        self._hooks = torch.autograd.graph.saved_tensors_hooks(self._pack, self._unpack)

    def _pack(self, tensor):
        # detach(): a saved output would otherwise point back through its grad_fn to the node
        # that saves it, a reference cycle that would keep the graph alive until gc runs.
        saved = _SavedTensor(tensor.detach())
        self._live.add(saved)
        return saved

    @staticmethod
    def _unpack(saved):
        return saved.tensor

    def __enter__(self):
        self._hooks.__enter__()
        return self

    def __exit__(self, *exc):
        return self._hooks.__exit__(*exc)

    def live_count(self):
        return len(self._live)

    def live_bytes(self, ignore=()):
        """Bytes of the saved tensors still alive; `ignore` adds tensors to leave out, as in __init__."""
        ignored = self._ignored | {_storage(t).data_ptr() for t in ignore}
        # Several saved entries can share one storage (a view and its base); count each once.
        storages = {}
        for saved in list(self._live):
            storage = _storage(saved.tensor)
            if storage.data_ptr() not in ignored:
                storages[storage.data_ptr()] = storage.nbytes()
        return sum(storages.values())


def small_mlp(width=256, depth=4, classes=10):
    layers = []
    for _ in range(depth):
        layers += [torch.nn.Linear(width, width), torch.nn.ReLU()]
    layers.append(torch.nn.Linear(width, classes))
    return torch.nn.Sequential(*layers)

def run_args():
    """The options every claim script takes: --iterations and --batch."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--iterations", type=int, default=20)
    parser.add_argument("--batch", type=int, default=128)
    return parser.parse_args()


def random_batches(batch, iterations, width=256, classes=10):
    """Inputs and class labels for `iterations` steps of a classifier as small_mlp() builds it."""
    return [(torch.randn(batch, width), torch.randint(0, classes, (batch,))) for _ in range(iterations)]


def print_result(result):
    json.dump(result, sys.stdout)
    sys.stdout.write("\n")
