"""A word-level LSTM language model with truncated backpropagation through time.

The (h, c) state is carried from one window to the next and detached at the start of each window
by repackage_hidden(), as the PyTorch word-language-model example does.
"""
import os

import torch
import torch.nn as nn

import probe

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))
VOCAB = 20
BPTT = 6


class LanguageModel(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, 8)
        self.lstm = nn.LSTM(8, 16)
        self.decoder = nn.Linear(16, VOCAB)

    def forward(self, tokens, hidden):
        output, hidden = self.lstm(self.embed(tokens), hidden)
        return self.decoder(output), hidden

    def init_hidden(self, batch_size):
        weight = next(self.parameters())
        return weight.new_zeros(1, batch_size, 16), weight.new_zeros(1, batch_size, 16)


def repackage_hidden(h):
    if isinstance(h, torch.Tensor):
        return h.detach()
    return tuple(repackage_hidden(v) for v in h)


def main():
    torch.manual_seed(0)
    stream = torch.randint(0, VOCAB, (4 * BPTT + 1, 3)).to(DEVICE)
    model = LanguageModel().to(DEVICE)
    criterion = nn.CrossEntropyLoss()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.5)
    curve = []
    for epoch in range(2):
        model.train()
        hidden = model.init_hidden(3)
        for i in range(0, stream.size(0) - 1, BPTT):
            data, targets = stream[i : i + BPTT], stream[i + 1 : i + 1 + BPTT].reshape(-1)
            hidden = repackage_hidden(hidden)
            model.zero_grad()
            output, hidden = model(data, hidden)
            loss = criterion(output.view(-1, VOCAB), targets)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 0.25)
            optimizer.step()
            curve.append(loss.item())
            probe.measure()
    probe.record("loss_curve", curve)
    probe.record("weights", model)


if __name__ == "__main__":
    main()
