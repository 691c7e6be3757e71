"""OOM001: an evaluation loop that runs with grad enabled builds and keeps a graph per batch.

The bad loop (model.eval() alone) leaves autograd recording: every forward saves its activations
for a backward that never comes, and they stay alive as long as the output does. The fixed loop
runs under torch.no_grad() and saves nothing. Prints one JSON line.
"""

import torch

from autograd_census import graph_nodes_reachable, print_result, random_batches, run_args, SavedTensorCensus, small_mlp


def evaluate(model, batches, guard):
    """Per batch: saved bytes and graph nodes alive while the batch's output is in hand."""
    saved_bytes = []
    graph_nodes = []
    correct = 0
    model.eval()
    with SavedTensorCensus(ignore=model.parameters()) as census, guard():
        for inputs, labels in batches:
            logits = model(inputs)
            correct += (logits.argmax(dim=1) == labels).sum().item()
            saved_bytes.append(census.live_bytes())
            graph_nodes.append(graph_nodes_reachable([logits]))
    return {"saved_bytes": saved_bytes, "graph_nodes": graph_nodes, "correct": correct}


def main():
    args = run_args()

    torch.manual_seed(0)
    model = small_mlp()
    batches = random_batches(args.batch, args.iterations)
    print_result({
        "rule": "OOM001",
        "iterations": args.iterations,
        "torch": torch.__version__,
        "bad": evaluate(model, batches, torch.enable_grad),
        "fixed": evaluate(model, batches, torch.no_grad),
    })


if __name__ == "__main__":
    main()
