"""Evaluating a recurrent model over a stream, carrying the state across batches.

The evaluation runs after model.eval() but without no_grad: every batch's forward pass records a
graph, and since the state is fed back without detaching, each batch's graph links to the last.
"""
import os

import torch
import torch.nn as nn

import probe

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))


class StreamModel(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.RNN(4, 10)
        self.head = nn.Linear(10, 4)

    def forward(self, x, state):
        y, state = self.rnn(x, state)
        return self.head(y), state


def evaluate(model, batches):
    model.eval()
    criterion = nn.MSELoss()
    state = torch.zeros(1, 2, 10, device=DEVICE)
    total = 0.0
    for inputs, targets in batches:
        outputs, state = model(inputs, state)
        total += criterion(outputs, targets).item()
        probe.measure()
    return total / len(batches)


def main():
    torch.manual_seed(0)
    model = StreamModel().to(DEVICE)
    batches = [(torch.randn(5, 2, 4).to(DEVICE), torch.randn(5, 2, 4).to(DEVICE)) for _ in range(8)]
    probe.record("eval_loss", evaluate(model, batches))


if __name__ == "__main__":
    main()
