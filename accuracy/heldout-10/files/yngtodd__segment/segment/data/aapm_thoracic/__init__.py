from .aapm import Patient
from .aapm import AAPM
