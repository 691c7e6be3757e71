from .aspirin import AspirinDataset
from .water import ChengWaterDataset
from .qm9 import QM9Dataset
