"""Full backpropagation through a long sequence fed in chunks.

The recurrent state is carried from chunk to chunk without detaching, and the chunk losses are
added into one total (`total_loss += loss`) that is backpropagated once per sequence: both are
deliberate. The state starts again at zero for each sequence.
"""
import os

import torch
import torch.nn as nn

import probe

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))


class Tagger(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.GRU(5, 12, batch_first=True)
        self.out = nn.Linear(12, 2)

    def forward(self, x, hidden):
        y, hidden = self.rnn(x, hidden)
        return self.out(y), hidden


def main():
    torch.manual_seed(0)
    model = Tagger().to(DEVICE)
    optimizer = torch.optim.Adam(model.parameters(), lr=5e-3)
    criterion = nn.CrossEntropyLoss()
    sequences = [(torch.randn(3, 20, 5), torch.randint(0, 2, (3, 20))) for _ in range(5)]
    per_sequence = []
    for inputs, labels in sequences:
        inputs, labels = inputs.to(DEVICE), labels.to(DEVICE)
        hidden = torch.zeros(1, 3, 12, device=DEVICE)
        total_loss = 0
        for start in range(0, 20, 5):
            logits, hidden = model(inputs[:, start : start + 5], hidden)
            loss = criterion(logits.reshape(-1, 2), labels[:, start : start + 5].reshape(-1))
            total_loss += loss
        optimizer.zero_grad()
        total_loss.backward()
        optimizer.step()
        per_sequence.append(total_loss.item())
        probe.measure()
    probe.record("sequence_losses", per_sequence)
    probe.record("weights", model)


if __name__ == "__main__":
    main()
