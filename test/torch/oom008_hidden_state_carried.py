"""OOM008: a recurrent state fed back into the next batch without being detached.

Training loops of the same small LSTM over consecutive chunks of one long sequence, the state
(h, c) carried from chunk to chunk:
- bad: the state goes back in as the model returned it. The second backward walks into the
  first chunk's graph, whose saved tensors the first backward freed, and fails.
- bad_retained: the same with `backward(retain_graph=True)`, the usual way that error is
  silenced. With an optimizer updating the weights in place, the second backward now fails on
  the weights' version counter instead. (Run without the census: its saved-tensor hooks take
  autograd's version check away.)
- bad_retained_data_update: the same, with the weights updated through `.data` as older code
  and the PyTorch word-language-model example do, which autograd does not see. Now it runs, and
  every chunk's graph and saved activations stay attached to the state: both grow by one
  chunk's worth per iteration.
- fixed: the state detached at the top of the loop body with the helper the OOM008 fix adds
  (it also takes the `None` of the first iteration). One chunk's graph at a time.
Prints one JSON line with the numbers after every iteration.
"""

import torch
import torch.nn.functional as F

from autograd_census import graph_nodes_reachable, print_result, run_args, SavedTensorCensus

WIDTH = 32


def detach_state(state):
    """The recurrent state without its autograd history: tensors detached, inside tuples, lists and dicts too."""
    if hasattr(state, "detach"):
        return state.detach()
    if isinstance(state, dict):
        return {key: detach_state(value) for key, value in state.items()}
    if isinstance(state, (tuple, list)):
        parts = [detach_state(part) for part in state]
        return type(state)(*parts) if hasattr(state, "_fields") else type(state)(parts)
    return state


def chunks(iterations, batch, length=8):
    return [(torch.randn(length, batch, WIDTH), torch.randn(length, batch, WIDTH)) for _ in range(iterations)]


def train(batches, detach, retain_graph, update_through_data=False):
    torch.manual_seed(0)
    lstm = torch.nn.LSTM(WIDTH, WIDTH)
    optimizer = torch.optim.SGD(lstm.parameters(), lr=0.01)
    saved_bytes = []
    graph_nodes = []
    failed_at = None
    failure = None
    hidden = None
    with SavedTensorCensus(ignore=lstm.parameters()) as census:
        for step, (inputs, targets) in enumerate(batches):
            if detach:
                hidden = detach_state(hidden)
            output, hidden = lstm(inputs, hidden)
            loss = F.mse_loss(output, targets)
            optimizer.zero_grad()
            try:
                loss.backward(retain_graph=retain_graph)
            except RuntimeError as error:
                failure = "freed" if "second time" in str(error) else "inplace" if "inplace" in str(error) else None
                if failure is None:
                    raise
                failed_at = step
                break
            if update_through_data:
                for parameter in lstm.parameters():
                    parameter.data.add_(parameter.grad, alpha=-0.01)
            else:
                optimizer.step()
            del output, loss
            saved_bytes.append(census.live_bytes())
            graph_nodes.append(graph_nodes_reachable(hidden))
    return {"saved_bytes": saved_bytes, "graph_nodes": graph_nodes, "failed_at": failed_at, "failure": failure}


def first_failure_with_retained_graph(batches):
    """Where `bad_retained` stops when nothing hides autograd's version check, and why."""
    torch.manual_seed(0)
    lstm = torch.nn.LSTM(WIDTH, WIDTH)
    optimizer = torch.optim.SGD(lstm.parameters(), lr=0.01)
    hidden = None
    for step, (inputs, targets) in enumerate(batches):
        output, hidden = lstm(inputs, hidden)
        optimizer.zero_grad()
        try:
            F.mse_loss(output, targets).backward(retain_graph=True)
        except RuntimeError as error:
            return {"failed_at": step, "failure": "inplace" if "inplace" in str(error) else str(error)}
        optimizer.step()
    return {"failed_at": None, "failure": None}


def main():
    args = run_args()

    torch.manual_seed(1)
    batches = chunks(args.iterations, batch=4)
    print_result({
        "rule": "OOM008",
        "iterations": args.iterations,
        "torch": torch.__version__,
        "bad": train(batches, detach=False, retain_graph=False),
        "bad_retained": first_failure_with_retained_graph(batches),
        "bad_retained_data_update": train(batches, detach=False, retain_graph=True, update_through_data=True),
        "fixed": train(batches, detach=True, retain_graph=False),
    })


if __name__ == "__main__":
    main()
