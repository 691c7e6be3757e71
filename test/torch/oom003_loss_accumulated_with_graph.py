"""OOM003: `total_loss += loss` chains every iteration's graph onto one running sum.

- bad: a training loop summing `loss` itself. Each `+=` adds a node whose inputs are the previous
  sum and this iteration's whole graph, so the sum reaches more nodes every iteration.
- bad_without_backward: the same sum in a loop that never calls backward (a validation loop
  that forgot no_grad). Nothing releases the saved activations, so they pile up as well.
- fixed / fixed_without_backward: the same loops summing `loss.item()`.
Prints one JSON line with the numbers after every iteration.
"""

import torch
import torch.nn.functional as F

from autograd_census import graph_nodes_reachable, print_result, random_batches, run_args, SavedTensorCensus, small_mlp


def run(batches, as_number, backward):
    torch.manual_seed(0)
    model = small_mlp()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    total_loss = 0
    saved_bytes = []
    graph_nodes = []
    with SavedTensorCensus(ignore=model.parameters()) as census:
        for inputs, labels in batches:
            loss = F.cross_entropy(model(inputs), labels)
            if backward:
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
            total_loss += loss.item() if as_number else loss
            del loss  # only what the sum holds may stay alive
            saved_bytes.append(census.live_bytes())
            graph_nodes.append(graph_nodes_reachable([total_loss]))
    return {"saved_bytes": saved_bytes, "graph_nodes": graph_nodes, "mean_loss": float(total_loss) / len(batches)}


def main():
    args = run_args()

    torch.manual_seed(1)
    batches = random_batches(args.batch, args.iterations)
    print_result({
        "rule": "OOM003",
        "iterations": args.iterations,
        "torch": torch.__version__,
        "bad": run(batches, as_number=False, backward=True),
        "fixed": run(batches, as_number=True, backward=True),
        "bad_without_backward": run(batches, as_number=False, backward=False),
        "fixed_without_backward": run(batches, as_number=True, backward=False),
    })


if __name__ == "__main__":
    main()
