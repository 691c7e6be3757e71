from art.estimators.estimator import BaseEstimator, LossGradientsMixin, NeuralNetworkMixin, DecisionTreeMixin

from art.estimators.keras import KerasEstimator
from art.estimators.mxnet import MXEstimator
from art.estimators.pytorch import PyTorchEstimator
from art.estimators.scikitlearn import ScikitlearnEstimator
from art.estimators.tensorflow import TensorFlowEstimator, TensorFlowV2Estimator
