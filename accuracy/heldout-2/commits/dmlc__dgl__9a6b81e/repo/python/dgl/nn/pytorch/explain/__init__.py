"""Torch modules for explanation models."""
# pylint: disable= no-member, arguments-differ, invalid-name

from .gnnexplainer import GNNExplainer

__all__ = ['GNNExplainer']
