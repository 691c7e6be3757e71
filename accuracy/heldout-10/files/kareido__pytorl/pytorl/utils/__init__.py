from .config import ConfigReader
from .decorators import Setting
from .recorder import tensorboard_writer