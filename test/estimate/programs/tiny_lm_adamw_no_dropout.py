"""Trains a small transformer language model on random token sequences."""
import torch
from torch import nn
from torch.utils.data import DataLoader, Dataset

class RandomTokens(Dataset):
    """Random token sequences, each labelled with itself shifted: three batches of them."""

    def __init__(self, count, length, vocabulary):
        self.count, self.length, self.vocabulary = count, length, vocabulary

    def __len__(self):
        return self.count

    def __getitem__(self, index):
        generator = torch.Generator().manual_seed(index)
        tokens = torch.randint(0, self.vocabulary, (self.length + 1,), generator=generator)
        return tokens[:-1].clone(), tokens[1:].clone()


SEQ_LEN = 128
BATCH_SIZE = 8
VOCABULARY = 1000
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


class TinyLanguageModel(nn.Module):
    def __init__(self, vocabulary=VOCABULARY, width=256, heads=8, feedforward=1024, layers=3):
        super().__init__()
        self.embed = nn.Embedding(vocabulary, width)
        layer = nn.TransformerEncoderLayer(width, heads, feedforward, dropout=0.0, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, layers)
        self.head = nn.Linear(width, vocabulary)

    def forward(self, tokens):
        return self.head(self.encoder(self.embed(tokens)))


train_set = RandomTokens(3 * BATCH_SIZE, SEQ_LEN, VOCABULARY)
train_loader = DataLoader(train_set, batch_size=BATCH_SIZE, shuffle=True)
model = TinyLanguageModel().to(device)
optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4, weight_decay=0.1)
criterion = nn.CrossEntropyLoss()

for epoch in range(1):
    for tokens, targets in train_loader:
        tokens, targets = tokens.to(device), targets.to(device)
        logits = model(tokens)
        loss = criterion(logits.reshape(-1, VOCABULARY), targets.reshape(-1))
        loss.backward()
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
