from .src.flamingo import Flamingo
from .src.factory import create_model_and_transforms
