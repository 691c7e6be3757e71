from .masked_cross_entropy_loss import MaskedCrossEntropyLoss
from .masked_bce_with_logits_loss import MaskedBCEWithLogitsLoss


__all__ = [
    'MaskedCrossEntropyLoss',
    'MaskedBCEWithLogitsLoss']
