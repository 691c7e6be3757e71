"""The optimisation step of the project: zero the gradients, backpropagate, clip and step."""
import torch


class OptimizerStep:
    def __init__(self, model, optimizer, max_norm=1.0):
        self.model = model
        self.optimizer = optimizer
        self.max_norm = max_norm
        self.steps = 0

    def __call__(self, loss):
        self.optimizer.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.max_norm)
        self.optimizer.step()
        self.steps += 1
