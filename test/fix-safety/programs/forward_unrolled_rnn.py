"""An RNN unrolled by hand in forward(): each time step's state is appended and stacked at the end."""
import os

import torch
import torch.nn as nn

import probe

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))


class UnrolledRNN(nn.Module):
    def __init__(self):
        super().__init__()
        self.cell = nn.RNNCell(3, 8)
        self.head = nn.Linear(8, 1)

    def forward(self, x):
        h = torch.zeros(x.size(0), 8, device=x.device)
        outputs = []
        for t in range(x.size(1)):
            h = self.cell(x[:, t], h)
            outputs.append(h)
        return self.head(torch.stack(outputs, dim=1))


def main():
    torch.manual_seed(0)
    model = UnrolledRNN().to(DEVICE)
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-2)
    curve = []
    for _ in range(6):
        x = torch.randn(3, 7, 3).to(DEVICE)
        y = x.cumsum(dim=1)[..., :1]
        loss = nn.functional.mse_loss(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        curve.append(loss.item())
        probe.measure()
    probe.record("loss_curve", curve)
    probe.record("weights", model)


if __name__ == "__main__":
    main()
