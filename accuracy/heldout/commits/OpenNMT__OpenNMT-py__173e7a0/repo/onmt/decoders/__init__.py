"""Module defining decoders."""
from onmt.decoders.transformer import TransformerDecoder
