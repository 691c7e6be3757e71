from .config import Config, setup_config
from .launch import launch
from .logger import setup_logger
