"""
PyTorch Forecasting package for timeseries forecasting with PyTorch.
"""

from pytorch_forecasting.utils._estimator_checks import (
    check_estimator,
    parametrize_with_checks,
)
from pytorch_forecasting.utils._utils import (
    InitialParameterRepresenterMixIn,
    OutputMixIn,
    TupleOutputMixIn,
    apply_to_list,
    autocorrelation,
    concat_sequences,
    create_mask,
    detach,
    get_embedding_size,
    groupby_apply,
    integer_histogram,
    masked_op,
    move_to_device,
    padded_stack,
    profile,
    redirect_stdout,
    repr_class,
    to_list,
    unpack_sequence,
    unsqueeze_like,
)

__all__ = [
    "InitialParameterRepresenterMixIn",
    "OutputMixIn",
    "TupleOutputMixIn",
    "apply_to_list",
    "autocorrelation",
    "get_embedding_size",
    "concat_sequences",
    "create_mask",
    "to_list",
    "RecurrentNetwork",
    "DecoderMLP",
    "detach",
    "masked_op",
    "move_to_device",
    "integer_histogram",
    "groupby_apply",
    "padded_stack",
    "profile",
    "redirect_stdout",
    "repr_class",
    "unpack_sequence",
    "unsqueeze_like",
    "check_estimator",
    "parametrize_with_checks",
]
