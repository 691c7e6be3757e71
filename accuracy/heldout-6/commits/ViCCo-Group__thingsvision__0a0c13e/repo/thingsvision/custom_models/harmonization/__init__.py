from .harmonization import Harmonization
