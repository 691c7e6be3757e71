from .han import HAN
