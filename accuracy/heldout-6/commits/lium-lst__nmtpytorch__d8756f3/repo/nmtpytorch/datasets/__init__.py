from .numpy import NumpyDataset
from .kaldi import KaldiDataset
from .imagefolder import ImageFolderDataset
from .text import TextDataset
from .onehot import OneHotDataset
from .numpy_sequence import NumpySequenceDataset
from .shelve import ShelveDataset
from .multimodal import MultimodalDataset
