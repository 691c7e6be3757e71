from .hashing import PHash, AHash, DHash, WHash
from .cnn import CNN
