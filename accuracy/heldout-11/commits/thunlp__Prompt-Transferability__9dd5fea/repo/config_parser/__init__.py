from .parser import create_config
