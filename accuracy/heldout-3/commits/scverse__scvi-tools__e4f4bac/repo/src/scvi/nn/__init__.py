from ._base_components import (
    Decoder,
    DecoderSCVI,
    DecoderTOTALVI,
    Encoder,
    EncoderTOTALVI,
    FCLayers,
    LinearDecoderSCVI,
    MultiDecoder,
    MultiEncoder,
)
from ._embedding import Embedding
from ._utils import one_hot

__all__ = [
    "FCLayers",
    "Encoder",
    "EncoderTOTALVI",
    "Decoder",
    "DecoderSCVI",
    "DecoderTOTALVI",
    "LinearDecoderSCVI",
    "MultiEncoder",
    "MultiDecoder",
    "one_hot",
    "Embedding",
]
