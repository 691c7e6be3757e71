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


FEATURES = 784
BATCH_SIZE = 256
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

train_set = RandomFeatures(3 * BATCH_SIZE, FEATURES, 10)
train_loader = DataLoader(train_set, batch_size=BATCH_SIZE, shuffle=True)
model = nn.Sequential(
    nn.Linear(FEATURES, 1024),
    nn.GELU(),
    nn.Dropout(0.2),
    nn.Linear(1024, 1024),
    nn.GELU(),
    nn.Dropout(0.2),
    nn.Linear(1024, 10),
).to(device)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
criterion = nn.CrossEntropyLoss()

for epoch in range(1):
    for inputs, labels in train_loader:
        inputs, labels = inputs.to(device), labels.to(device)
        loss = criterion(model(inputs), labels)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
