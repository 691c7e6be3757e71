from .task_config import TaskConfig  # noqa
from .dummy_task_config import DummyTaskConfig  # noqa
from .distance_task_config import DistanceTaskConfig  # noqa
from .one_hot_task_config import OneHotTaskConfig  # noqa
from .pretrained_task_config import PretrainedTaskConfig  # noqa