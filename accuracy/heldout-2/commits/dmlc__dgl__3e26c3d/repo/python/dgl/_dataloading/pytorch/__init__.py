"""DGL PyTorch DataLoader module."""
from .dataloader import *
