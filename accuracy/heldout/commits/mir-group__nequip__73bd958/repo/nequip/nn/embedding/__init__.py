from ._one_hot import OneHotAtomEncoding
from ._edge import SphericalHarmonicEdgeAttrs, RadialBasisEdgeEncoding
