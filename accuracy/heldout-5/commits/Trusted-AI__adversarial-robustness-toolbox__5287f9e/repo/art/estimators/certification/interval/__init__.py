"""
Interval based certification estimators.
"""
from art.estimators.certification.interval.interval import PyTorchIntervalDense
from art.estimators.certification.interval.interval import PyTorchIntervalConv2D
from art.estimators.certification.interval.interval import PyTorchIntervalReLU
from art.estimators.certification.interval.interval import PyTorchIntervalFlatten
from art.estimators.certification.interval.interval import PyTorchIntervalBounds
from art.estimators.certification.interval.pytorch import PyTorchIBPClassifier
