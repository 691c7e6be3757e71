"""A character RNN in the style of old tutorials: manual SGD on `.data`, state never detached.

Every backward runs with retain_graph=True through all earlier batches, because the state carries
their graphs; updating `p.data` keeps autograd from noticing the changed weights. OOM008's fix
(detaching the state) is unsafe here: it turns full backpropagation through time into truncated,
which changes the gradients, as its documentation says.
"""
import os

import torch
import torch.nn as nn

import probe

DEVICE = torch.device(os.environ.get("FIX_SAFETY_DEVICE", "cuda" if torch.cuda.is_available() else "cpu"))
VOCAB = 10
LR = 0.05


def main():
    torch.manual_seed(0)
    embed = nn.Embedding(VOCAB, 6).to(DEVICE)
    rnn = nn.RNN(6, 12).to(DEVICE)
    head = nn.Linear(12, VOCAB).to(DEVICE)
    parameters = list(embed.parameters()) + list(rnn.parameters()) + list(head.parameters())
    text = torch.randint(0, VOCAB, (31, 2))
    hidden = torch.zeros(1, 2, 12, device=DEVICE)
    losses = []
    for start in range(0, 30, 5):
        inputs = text[start : start + 5].to(DEVICE)
        targets = text[start + 1 : start + 6].to(DEVICE)
        output, hidden = rnn(embed(inputs), hidden)
        loss = nn.functional.cross_entropy(head(output).view(-1, VOCAB), targets.reshape(-1))
        for p in parameters:
            p.grad = None
        loss.backward(retain_graph=True)
        for p in parameters:
            p.data.add_(p.grad, alpha=-LR)
        losses.append(loss.item())
        probe.measure()
    probe.record("losses", losses)
    probe.record("head", head)
    probe.record("rnn", rnn)


if __name__ == "__main__":
    main()
