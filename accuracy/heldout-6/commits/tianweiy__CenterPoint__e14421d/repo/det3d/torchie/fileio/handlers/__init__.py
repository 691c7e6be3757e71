from .base import BaseFileHandler
from .json_handler import JsonHandler
from .pickle_handler import PickleHandler
from .yaml_handler import YamlHandler

__all__ = ["BaseFileHandler", "JsonHandler", "PickleHandler", "YamlHandler"]
