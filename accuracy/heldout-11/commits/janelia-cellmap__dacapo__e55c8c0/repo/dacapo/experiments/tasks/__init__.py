from .task_config import TaskConfig  # noqa
from .dummy_task_config import DummyTaskConfig  # noqa
