"""Trains a multilayer perceptron on random feature vectors."""
import torch
from torch import nn
from torch.utils.data import DataLoader, Dataset

class RandomFeatures(Dataset):
    """Random feature vectors and labels: three batches of them."""

    def __init__(self, count, features, classes):
        self.count, self.features, self.classes = count, features, classes

    def __len__(self):
        return self.count

    def __getitem__(self, index):
        generator = torch.Generator().manual_seed(index)
        return torch.randn(self.features, generator=generator), index % self.classes


FEATURES = 1024
BATCH_SIZE = 16
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

train_set = RandomFeatures(3 * BATCH_SIZE, FEATURES, 1000)
train_loader = DataLoader(train_set, batch_size=BATCH_SIZE, shuffle=True)
model = nn.Sequential(
    nn.Linear(FEATURES, 4096),
    nn.ReLU(inplace=True),
    nn.Linear(4096, 4096),
    nn.ReLU(inplace=True),
    nn.Linear(4096, 1000),
).to(device)
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3, weight_decay=0.05)
criterion = nn.CrossEntropyLoss()

for epoch in range(1):
    for inputs, labels in train_loader:
        inputs, labels = inputs.to(device), labels.to(device)
        loss = criterion(model(inputs), labels)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
