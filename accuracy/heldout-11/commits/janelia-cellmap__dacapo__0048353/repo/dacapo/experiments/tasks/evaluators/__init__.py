from .dummy_evaluation_scores import DummyEvaluationScores  # noqa
from .dummy_evaluator import DummyEvaluator  # noqa
from .evaluation_scores import EvaluationScores  # noqa
from .evaluator import Evaluator  # noqa
from .binary_segmentation_evaluation_scores import MultiChannelBinarySegmentationEvaluationScores, BinarySegmentationEvaluationScores  # noqa
from .binary_segmentation_evaluator import BinarySegmentationEvaluator  # noqa
from .multi_class_segmentation_evaluation_scores import MultiClassSegmentationEvaluationScores  # noqa
from .multi_class_segmentation_evaluator import MultiClassSegmentationEvaluator  # noqa