from .model import Model  # noqa
from .run import Run  # noqa
from .run_config import RunConfig  # noqa
from .training_iteration_stats import TrainingIterationStats  # noqa
from .training_stats import TrainingStats  # noqa
from .validation_iteration_scores import ValidationIterationScores  # noqa
from .validation_scores import ValidationScores  # noqa
