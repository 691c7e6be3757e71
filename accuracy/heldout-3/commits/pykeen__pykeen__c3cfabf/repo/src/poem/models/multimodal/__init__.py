# -*- coding: utf-8 -*-

"""KGE models that use numeric literals."""

from .complex_literal_cwa import ComplexLiteralCWA
from .distmult_literal_e_owa import DistMultLiteral

__all__ = [
    'ComplexLiteralCWA',
    'DistMultLiteral',
]
