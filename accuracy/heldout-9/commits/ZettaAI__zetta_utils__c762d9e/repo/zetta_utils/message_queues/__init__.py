from .base import ReceivedMessage, MessageQueue, TQTask
from . import serialization
from .file import FileQueue
from .sqs import SQSQueue
