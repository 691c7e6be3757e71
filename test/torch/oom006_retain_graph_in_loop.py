"""OOM006: `loss.backward(retain_graph=True)` in a loop with no second backward.

retain_graph=True tells autograd not to release the saved activations after backward. When
nothing backpropagates through the graph again, they stay alive until the next iteration
replaces `loss`, so every step of the next forward runs with the previous step's activations
still in memory.
- bad: backward(retain_graph=True); fixed: plain backward(). Measured right after backward.
Prints one JSON line with the numbers after every iteration.
"""

import torch
import torch.nn.functional as F

from autograd_census import print_result, random_batches, run_args, SavedTensorCensus, small_mlp


def train(batches, retain_graph):
    torch.manual_seed(0)
    model = small_mlp()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    saved_bytes_after_backward = []
    peak_saved_bytes = []
    loss = None
    with SavedTensorCensus(ignore=model.parameters()) as census:
        for inputs, labels in batches:
            # In `loss = model_loss(...)` the previous loss, and any graph it retains, stays
            # bound until the new forward is done; measuring before the rebinding sees that peak.
            next_loss = F.cross_entropy(model(inputs), labels)
            peak_saved_bytes.append(census.live_bytes())
            loss = next_loss
            del next_loss
            optimizer.zero_grad()
            loss.backward(retain_graph=retain_graph)
            optimizer.step()
            saved_bytes_after_backward.append(census.live_bytes())
    return {"saved_bytes_after_backward": saved_bytes_after_backward, "peak_saved_bytes": peak_saved_bytes}


def main():
    args = run_args()

    torch.manual_seed(1)
    batches = random_batches(args.batch, args.iterations)
    print_result({
        "rule": "OOM006",
        "iterations": args.iterations,
        "torch": torch.__version__,
        "bad": train(batches, retain_graph=True),
        "fixed": train(batches, retain_graph=False),
    })


if __name__ == "__main__":
    main()
