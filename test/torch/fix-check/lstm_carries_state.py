"""Truncated backpropagation through time that forgets to detach the carried state."""
import torch
import torch.nn as nn
import torch.nn.functional as F


def train(model, chunks, lr=1e-4):
    hidden = None
    for inputs, targets in chunks:
        output, hidden = model(inputs, hidden)
        loss = F.mse_loss(output, targets)
        model.zero_grad()
        loss.backward(retain_graph=True)
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
