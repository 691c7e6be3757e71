from kge.config import Config
from kge.dataset import Dataset
