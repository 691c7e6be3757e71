"""OOM002: a tensor that carries its graph, appended to a list that outlives the iteration.

Four training loops of the same model:
- bad: `losses.append(loss)`. backward() has already released the saved activations, but the
  list keeps every iteration's graph nodes alive, so their number grows with the iterations.
- bad_retained: the same append after `backward(retain_graph=True)` (the discriminator step of
  a GAN that reuses its graph). Now each kept graph also keeps its saved activations.
- fixed / fixed_retained: the same loops appending `loss.item()`.
Prints one JSON line with the numbers after every iteration.
"""

import torch
import torch.nn.functional as F

from autograd_census import graph_nodes_reachable, print_result, random_batches, run_args, SavedTensorCensus, small_mlp


def keep_tensor(loss):
    return loss


def keep_number(loss):
    return loss.item()


def train(batches, keep, retain_graph):
    torch.manual_seed(0)
    model = small_mlp()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    losses = []
    saved_bytes = []
    graph_nodes = []
    with SavedTensorCensus(ignore=model.parameters()) as census:
        for inputs, labels in batches:
            loss = F.cross_entropy(model(inputs), labels)
            optimizer.zero_grad()
            loss.backward(retain_graph=retain_graph)
            optimizer.step()
            losses.append(keep(loss))
            del loss  # only what the list holds may stay alive
            saved_bytes.append(census.live_bytes())
            graph_nodes.append(graph_nodes_reachable(losses))
    return {"saved_bytes": saved_bytes, "graph_nodes": graph_nodes}


def main():
    args = run_args()

    torch.manual_seed(1)
    batches = random_batches(args.batch, args.iterations)
    print_result({
        "rule": "OOM002",
        "iterations": args.iterations,
        "torch": torch.__version__,
        "bad": train(batches, keep_tensor, retain_graph=False),
        "fixed": train(batches, keep_number, retain_graph=False),
        "bad_retained": train(batches, keep_tensor, retain_graph=True),
        "fixed_retained": train(batches, keep_number, retain_graph=True),
    })


if __name__ == "__main__":
    main()
