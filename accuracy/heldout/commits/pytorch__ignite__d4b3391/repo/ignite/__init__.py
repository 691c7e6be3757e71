import ignite.engine
import ignite.handlers
import ignite.metrics
import ignite.exceptions
import ignite.contrib
import ignite.utils

__version__ = "0.4.0"
