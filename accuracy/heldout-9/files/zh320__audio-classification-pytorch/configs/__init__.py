from .my_config import MyConfig
from .parser import load_parser