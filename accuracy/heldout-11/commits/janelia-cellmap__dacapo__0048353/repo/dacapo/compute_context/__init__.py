from .compute_context import ComputeContext  # noqa
from .local_torch import LocalTorch  # noqa
