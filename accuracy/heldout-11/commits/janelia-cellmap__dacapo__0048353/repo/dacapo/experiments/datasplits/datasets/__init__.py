from .dataset import Dataset
from .dataset_config import DatasetConfig
from .dummy_dataset import DummyDataset
from .dummy_dataset_config import DummyDatasetConfig
from .raw_gt_dataset import RawGTDataset
from .raw_gt_dataset_config import RawGTDatasetConfig