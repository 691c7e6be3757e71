"""Truncated backpropagation through time written out step by step.

Inside each window of k steps the step losses are summed (`loss = loss + ...`) with their graphs and
backpropagated together; the state is detached when the next window starts.
"""
import os

import torch
import torch.nn as nn

import probe

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))
WINDOW = 4


def main():
    torch.manual_seed(0)
    cell = nn.GRUCell(3, 8).to(DEVICE)
    readout = nn.Linear(8, 1).to(DEVICE)
    parameters = list(cell.parameters()) + list(readout.parameters())
    optimizer = torch.optim.Adam(parameters, lr=1e-2)
    signal = torch.sin(torch.linspace(0, 12, 25)).unsqueeze(1).repeat(1, 2)
    inputs = torch.stack([signal[:-1], signal[:-1] ** 2, torch.ones(24, 2)], dim=-1).to(DEVICE)
    targets = signal[1:].unsqueeze(-1).to(DEVICE)
    state = torch.zeros(2, 8, device=DEVICE)
    window_losses = []
    loss = 0
    for t in range(inputs.size(0)):
        state = cell(inputs[t], state)
        loss = loss + (readout(state) - targets[t]).pow(2).mean()
        if (t + 1) % WINDOW == 0:
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            window_losses.append(loss.item())
            state = state.detach()
            loss = 0
            probe.measure()
    probe.record("window_losses", window_losses)
    probe.record("cell", cell)
    probe.record("readout", readout)


if __name__ == "__main__":
    main()
