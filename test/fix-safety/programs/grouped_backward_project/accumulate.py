"""Backpropagates a group of losses collected by the caller, then steps the optimizer."""
import torch


def step_on_group(losses, optimizer):
    total = torch.stack(losses).mean()
    optimizer.zero_grad()
    total.backward()
    optimizer.step()
    return total.item()
