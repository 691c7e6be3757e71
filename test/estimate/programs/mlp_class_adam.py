"""Trains a multilayer perceptron written as a module class."""
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
HIDDEN = 1024
BATCH_SIZE = 128
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


class MLP(nn.Module):
    def __init__(self, features=FEATURES, hidden=HIDDEN, classes=10):
        super().__init__()
        self.fc1 = nn.Linear(features, hidden)
        self.act1 = nn.ReLU()
        self.drop = nn.Dropout(0.1)
        self.fc2 = nn.Linear(hidden, hidden)
        self.act2 = nn.ReLU()
        self.out = nn.Linear(hidden, classes)

    def forward(self, x):
        return self.out(self.act2(self.fc2(self.drop(self.act1(self.fc1(x))))))


train_set = RandomFeatures(3 * BATCH_SIZE, FEATURES, 10)
train_loader = DataLoader(train_set, batch_size=BATCH_SIZE, shuffle=True)
model = MLP().to(device)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
criterion = nn.CrossEntropyLoss()

for epoch in range(1):
    for inputs, labels in train_loader:
        inputs, labels = inputs.to(device), labels.to(device)
        loss = criterion(model(inputs), labels)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
