from .chat import chat
from .infer_util import *
from .blip2 import BlipImageEvalProcessor
