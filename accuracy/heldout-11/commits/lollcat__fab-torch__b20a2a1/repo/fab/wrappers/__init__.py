from fab.wrappers.normflow import WrappedNormFlowModel
from fab.wrappers.nflow import WrappedNFlowsModel
from fab.wrappers.torch import WrappedTorchDist