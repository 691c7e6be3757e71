from .affinities import evaluate_affs  # noqa
from .labels import evaluate_labels  # noqa
from .detection import evaluate_detection # noqa