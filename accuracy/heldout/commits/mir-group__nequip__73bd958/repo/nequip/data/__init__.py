from .AtomicData import AtomicData, PBC
from .dataset import AtomicDataset, AtomicInMemoryDataset, NpzDataset, ASEDataset
from .dataloader import DataLoader, Collater
