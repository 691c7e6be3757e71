"""Substrate-conditioned diffusion for ligand-binding protein generation"""

# Add imports here
from ._version import __version__
