from ignite.metrics.accumulation import Average, GeometricAverage, VariableAccumulation
from ignite.metrics.accuracy import Accuracy
from ignite.metrics.confusion_matrix import ConfusionMatrix, DiceCoefficient, IoU, JaccardIndex, mIoU
from ignite.metrics.epoch_metric import EpochMetric
from ignite.metrics.fbeta import Fbeta
from ignite.metrics.frequency import Frequency
from ignite.metrics.loss import Loss
from ignite.metrics.mean_absolute_error import MeanAbsoluteError
from ignite.metrics.mean_pairwise_distance import MeanPairwiseDistance
from ignite.metrics.mean_squared_error import MeanSquaredError
from ignite.metrics.metric import BatchFiltered, BatchWise, EpochWise, Metric, MetricUsage
from ignite.metrics.metrics_lambda import MetricsLambda
from ignite.metrics.multilabel_confusion_matrix import MultiLabelConfusionMatrix
from ignite.metrics.precision import Precision
from ignite.metrics.psnr import PSNR
from ignite.metrics.recall import Recall
from ignite.metrics.root_mean_squared_error import RootMeanSquaredError
from ignite.metrics.rouge import Rouge, RougeL, RougeN
from ignite.metrics.running_average import RunningAverage
from ignite.metrics.ssim import SSIM
from ignite.metrics.top_k_categorical_accuracy import TopKCategoricalAccuracy

__all__ = [
    "Metric",
    "Accuracy",
    "Loss",
    "MetricsLambda",
    "MeanAbsoluteError",
    "MeanPairwiseDistance",
    "MeanSquaredError",
    "ConfusionMatrix",
    "TopKCategoricalAccuracy",
    "Average",
    "DiceCoefficient",
    "EpochMetric",
    "Fbeta",
    "GeometricAverage",
    "IoU",
    "mIoU",
    "JaccardIndex",
    "MultiLabelConfusionMatrix",
    "Precision",
    "PSNR",
    "Recall",
    "RootMeanSquaredError",
    "Rouge",
    "RougeN",
    "RougeL",
    "RunningAverage",
    "VariableAccumulation",
    "Frequency",
    "SSIM",
]
