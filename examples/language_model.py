"""A word-level LSTM language model trained with truncated backpropagation through time.

    python language_model.py --train corpus/train.txt --valid corpus/valid.txt --epochs 10

The text is cut into `--bptt`-token windows and the LSTM state is carried from one window to
the next, so the model sees long context while each backward pass stays short.
"""

import argparse
import math
import os
import time

import torch
import torch.nn as nn
import torch.nn.functional as F


class Vocabulary:
    def __init__(self):
        self.index = {}
        self.words = []

    def add(self, word):
        if word not in self.index:
            self.index[word] = len(self.words)
            self.words.append(word)
        return self.index[word]

    def __len__(self):
        return len(self.words)


def tokenize(path, vocab):
    ids = []
    with open(path, encoding="utf8") as f:
        for line in f:
            for word in line.split() + ["<eos>"]:
                ids.append(vocab.add(word))
    return torch.tensor(ids, dtype=torch.long)


def batchify(ids, batch_size, device):
    # Columns are independent streams of text; rows are time steps.
    steps = ids.size(0) // batch_size
    return ids[: steps * batch_size].view(batch_size, steps).t().contiguous().to(device)


class LSTMLanguageModel(nn.Module):
    def __init__(self, vocab_size, embed_dim=256, hidden_dim=512, layers=2, dropout=0.2):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, embed_dim)
        self.lstm = nn.LSTM(embed_dim, hidden_dim, layers, dropout=dropout)
        self.drop = nn.Dropout(dropout)
        self.decoder = nn.Linear(hidden_dim, vocab_size)
        self.layers = layers
        self.hidden_dim = hidden_dim

    def forward(self, tokens, state):
        out, state = self.lstm(self.drop(self.embed(tokens)), state)
        return self.decoder(self.drop(out)), state

    def initial_state(self, batch_size, device):
        shape = (self.layers, batch_size, self.hidden_dim)
        return torch.zeros(shape, device=device), torch.zeros(shape, device=device)


def parse_args():
    parser = argparse.ArgumentParser(description="LSTM language model")
    parser.add_argument("--train", required=True)
    parser.add_argument("--valid", required=True)
    parser.add_argument("--epochs", type=int, default=10)
    parser.add_argument("--batch-size", type=int, default=32)
    parser.add_argument("--bptt", type=int, default=70)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--clip", type=float, default=0.25)
    parser.add_argument("--save", default="lstm_lm.pt")
    parser.add_argument("--adapt", help="in-domain text for one more pass after training")
    return parser.parse_args()


def train_epoch(model, data, optimizer, args, device):
    model.train()
    state = model.initial_state(args.batch_size, device)
    total_loss = 0.0
    start = time.time()
    for window, offset in enumerate(range(0, data.size(0) - 1, args.bptt)):
        length = min(args.bptt, data.size(0) - 1 - offset)
        inputs = data[offset: offset + length]
        targets = data[offset + 1: offset + 1 + length]

        # Cut the graph at the window boundary: the state's values carry over, its history does not.
        state = tuple(s.detach() for s in state)
        optimizer.zero_grad()
        logits, state = model(inputs, state)
        loss = F.cross_entropy(logits.view(-1, logits.size(-1)), targets.reshape(-1))
        loss.backward(retain_graph=True)  # expect: OOM006
        nn.utils.clip_grad_norm_(model.parameters(), args.clip)
        optimizer.step()

        total_loss += loss.item()
        if (window + 1) % 200 == 0:
            elapsed = time.time() - start
            print(f"  window {window + 1} loss {total_loss / 200:.3f} ({elapsed * 1000 / 200:.0f} ms/window)")
            total_loss = 0.0
            start = time.time()


def adapt_epoch(model, data, optimizer, args, device):
    """A pass over in-domain text at a lower learning rate, the state carried from window to window."""
    model.train()
    state = model.initial_state(args.batch_size, device)
    for offset in range(0, data.size(0) - 1, args.bptt):
        length = min(args.bptt, data.size(0) - 1 - offset)
        optimizer.zero_grad()
        logits, state = model(data[offset: offset + length], state)  # expect: OOM008
        targets = data[offset + 1: offset + 1 + length].reshape(-1)
        F.cross_entropy(logits.view(-1, logits.size(-1)), targets).backward()
        optimizer.step()


def evaluate(model, data, args, device):
    model.eval()
    state = model.initial_state(args.batch_size, device)
    total = 0.0
    with torch.no_grad():
        for offset in range(0, data.size(0) - 1, args.bptt):
            length = min(args.bptt, data.size(0) - 1 - offset)
            logits, state = model(data[offset: offset + length], state)
            targets = data[offset + 1: offset + 1 + length].reshape(-1)
            total += length * F.cross_entropy(logits.view(-1, logits.size(-1)), targets).item()
    return total / (data.size(0) - 1)


def main():
    args = parse_args()
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    vocab = Vocabulary()
    train_data = batchify(tokenize(args.train, vocab), args.batch_size, device)
    valid_data = batchify(tokenize(args.valid, vocab), args.batch_size, device)

    model = LSTMLanguageModel(len(vocab)).to(device)
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr)
    best = math.inf
    for epoch in range(1, args.epochs + 1):
        train_epoch(model, train_data, optimizer, args, device)
        valid_loss = evaluate(model, valid_data, args, device)
        print(f"epoch {epoch} valid loss {valid_loss:.3f} perplexity {math.exp(valid_loss):.1f}")
        if valid_loss < best:
            best = valid_loss
            torch.save({"model": model.state_dict(), "vocab": vocab.words}, args.save)
    if args.adapt:
        for group in optimizer.param_groups:
            group["lr"] = args.lr / 10
        adapt_epoch(model, batchify(tokenize(args.adapt, vocab), args.batch_size, device), optimizer, args, device)
        torch.save({"model": model.state_dict(), "vocab": vocab.words}, args.save)
    print(f"best checkpoint: {os.path.abspath(args.save)}")


if __name__ == "__main__":
    main()
