from .bdd import BddDataset
from .AutoDriveDataset import AutoDriveDataset
from .DemoDataset import LoadImages, LoadStreams
