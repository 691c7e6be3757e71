from .utils import get_recorder
