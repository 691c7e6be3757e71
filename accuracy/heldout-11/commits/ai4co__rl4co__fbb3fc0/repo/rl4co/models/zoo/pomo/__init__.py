from .model import POMO
