"""Implements filters used by models."""

from .blur import GaussianBlur2d

__all__ = ["GaussianBlur2d"]
