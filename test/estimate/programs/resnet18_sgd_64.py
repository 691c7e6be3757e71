"""Trains resnet18 on random 64x64 images."""
import torch
import torchvision
from torch import nn
from torch.utils.data import DataLoader, Dataset
from torchvision import transforms

class RandomImages(Dataset):
    """Random images and labels: three batches of them."""

    def __init__(self, count, size, classes):
        self.count, self.size, self.classes = count, size, classes

    def __len__(self):
        return self.count

    def __getitem__(self, index):
        generator = torch.Generator().manual_seed(index)
        return torch.randn(3, self.size, self.size, generator=generator), index % self.classes


IMAGE_SIZE = 64
BATCH_SIZE = 64
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

train_transform = transforms.Compose([transforms.RandomResizedCrop(IMAGE_SIZE), transforms.RandomHorizontalFlip()])
train_set = RandomImages(3 * BATCH_SIZE, IMAGE_SIZE, 10)
train_loader = DataLoader(train_set, batch_size=BATCH_SIZE, shuffle=True)
model = torchvision.models.resnet18(num_classes=10).to(device)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9, weight_decay=1e-4)
criterion = nn.CrossEntropyLoss()

for epoch in range(1):
    for images, labels in train_loader:
        images, labels = images.to(device), labels.to(device)
        loss = criterion(model(images), labels)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
