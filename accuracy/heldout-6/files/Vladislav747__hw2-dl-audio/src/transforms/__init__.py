from src.transforms.normalize import Normalize1D
from src.transforms.scale import RandomScale1D
