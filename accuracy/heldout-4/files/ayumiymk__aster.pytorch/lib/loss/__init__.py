from __future__ import absolute_import

from .sequenceCrossEntropyLoss import SequenceCrossEntropyLoss


__all__ = [
  'SequenceCrossEntropyLoss',
]