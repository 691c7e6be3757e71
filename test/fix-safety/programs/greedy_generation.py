"""Greedy decoding with a tiny recurrent language model.

Each step's logits are kept for the scores and the chosen token for the text; the generation runs
in evaluation mode without no_grad.
"""
import os

import torch
import torch.nn as nn

import probe

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))
VOCAB = 15


class Decoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, 8)
        self.cell = nn.GRUCell(8, 12)
        self.out = nn.Linear(12, VOCAB)

    def forward(self, token, hidden):
        hidden = self.cell(self.embed(token), hidden)
        return self.out(hidden), hidden


def generate(model, start, steps):
    model.eval()
    hidden = torch.zeros(start.size(0), 12, device=DEVICE)
    token = start
    tokens, scores = [], []
    for _ in range(steps):
        logits, hidden = model(token, hidden)
        token = logits.argmax(dim=-1)
        scores.append(logits)
        tokens.append(token)
        probe.measure()
    return torch.stack(tokens, dim=1), torch.stack(scores, dim=1).log_softmax(-1)


def main():
    torch.manual_seed(0)
    model = Decoder().to(DEVICE)
    tokens, log_probs = generate(model, torch.tensor([1, 2]).to(DEVICE), 8)
    probe.record("tokens", tokens)
    probe.record("log_probs", log_probs)


if __name__ == "__main__":
    main()
