from .task import Task  # noqa
