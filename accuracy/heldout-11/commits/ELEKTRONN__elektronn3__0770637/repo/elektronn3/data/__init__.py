from .cnndata import PatchCreator, SimpleNeuroData2d, get_preview_batch
from .utils import calculate_class_weights