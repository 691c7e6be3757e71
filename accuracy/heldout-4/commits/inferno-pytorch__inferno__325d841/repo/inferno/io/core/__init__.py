from .base import SyncableDataset
from .zip import Zip, ZipReject
from .concatenate import Concatenate
