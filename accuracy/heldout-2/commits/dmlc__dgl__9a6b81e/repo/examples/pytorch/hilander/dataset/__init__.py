from .dataset import LanderDataset
