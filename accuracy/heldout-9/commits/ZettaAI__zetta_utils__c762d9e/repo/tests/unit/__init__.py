from . import helpers
from . import message_queues
