from src.datasets.ctgan_dataloader import CTGANDataloader
from src.datasets.mnist import MNISTDataset
from src.datasets.table_dataset import TableDataset
