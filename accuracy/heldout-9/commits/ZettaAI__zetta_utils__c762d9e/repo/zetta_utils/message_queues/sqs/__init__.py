from . import queue, utils
from .queue import SQSQueue
