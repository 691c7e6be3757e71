"""A sequence-to-sequence step with teacher forcing.

The decoder runs one time step at a time inside the training step and appends each step's logits
to a list, stacked into the loss: the list lives for one batch and must keep its graphs.
"""
import os

import torch
import torch.nn as nn

import probe

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))
VOCAB = 12


class Seq2Seq(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, 8)
        self.encoder = nn.GRU(8, 16, batch_first=True)
        self.decoder = nn.GRUCell(8, 16)
        self.project = nn.Linear(16, VOCAB)


def train_step(model, source, target, optimizer, criterion):
    _, hidden = model.encoder(model.embed(source))
    hidden = hidden.squeeze(0)
    step_logits = []
    previous = target[:, 0]
    for t in range(1, target.size(1)):
        hidden = model.decoder(model.embed(previous), hidden)
        logits = model.project(hidden)
        step_logits.append(logits)
        previous = target[:, t]
    outputs = torch.stack(step_logits, dim=1)
    loss = criterion(outputs.reshape(-1, VOCAB), target[:, 1:].reshape(-1))
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    return loss.item()


def main():
    torch.manual_seed(0)
    model = Seq2Seq().to(DEVICE)
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-2)
    criterion = nn.CrossEntropyLoss()
    curve = []
    for _ in range(8):
        source = torch.randint(0, VOCAB, (4, 7)).to(DEVICE)
        target = torch.randint(0, VOCAB, (4, 6)).to(DEVICE)
        curve.append(train_step(model, source, target, optimizer, criterion))
        probe.measure()
    probe.record("loss_curve", curve)
    probe.record("weights", model)


if __name__ == "__main__":
    main()
