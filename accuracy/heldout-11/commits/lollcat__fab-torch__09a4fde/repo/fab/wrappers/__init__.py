from fab.wrappers.normflows import WrappedNormFlowModel
from fab.wrappers.nflow import WrappedNFlowsModel
from fab.wrappers.torch import WrappedTorchDist