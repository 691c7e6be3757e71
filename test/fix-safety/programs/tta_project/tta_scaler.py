"""A loss scaler object, as training libraries ship one: calling it runs backward and steps the optimizer."""
import torch


class ScaledStep:
    def __init__(self, enabled):
        self.scaler = torch.cuda.amp.GradScaler(enabled=enabled)

    def __call__(self, loss, optimizer):
        self.scaler.scale(loss).backward()
        self.scaler.step(optimizer)
        self.scaler.update()
