from .wrapper import TTA
