"""Truncated backpropagation through time that forgets to detach the carried state."""
import torch
import torch.nn as nn
import torch.nn.functional as F


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


def train(model, chunks, lr=1e-4):
    hidden = None
    for inputs, targets in chunks:
        hidden = detach_state(hidden)
        output, hidden = model(inputs, hidden)
        loss = F.mse_loss(output, targets)
        model.zero_grad()
        loss.backward()
        for parameter in model.parameters():
            parameter.data.add_(parameter.grad, alpha=-lr)


def main(steps=60):
    torch.manual_seed(0)
    model = nn.LSTM(1024, 1024).cuda()
    data = [(torch.randn(32, 16, 1024, device="cuda"), torch.randn(32, 16, 1024, device="cuda")) for _ in range(4)]
    train(model, (data[i % 4] for i in range(steps)))
    print("done")


if __name__ == "__main__":
    main()
