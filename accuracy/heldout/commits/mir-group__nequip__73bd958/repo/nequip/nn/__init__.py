from ._graph_mixin import GraphModuleMixin, SequentialGraphNetwork  # noqa: F401
from ._atomwise import AtomwiseOperation, AtomwiseReduce, AtomwiseLinear  # noqa: F401
from ._interaction_block import InteractionBlock  # noqa: F401
from ._grad_output import GradientOutput  # noqa: F401
from ._rescale import RescaleOutput  # noqa: F401
from ._convnet import ConvNet  # noqa: F401
