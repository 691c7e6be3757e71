"""
DeepZ based certification estimators.
"""
from art.estimators.certification.deep_z.deep_z import ZonoDenseLayer
from art.estimators.certification.deep_z.deep_z import ZonoBounds
from art.estimators.certification.deep_z.deep_z import ZonoConv
from art.estimators.certification.deep_z.deep_z import ZonoReLU
from art.estimators.certification.deep_z.pytorch import PytorchDeepZ
