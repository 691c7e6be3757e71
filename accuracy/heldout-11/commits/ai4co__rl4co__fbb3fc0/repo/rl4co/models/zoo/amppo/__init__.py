from .model import AMPPO
