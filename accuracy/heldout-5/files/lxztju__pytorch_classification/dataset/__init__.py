from .cls_dataset import ClsDataset
from .transform import train_transform, val_transform