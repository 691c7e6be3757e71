"""Standalone Wan2.2-TI2V-5B package."""

__all__ = []
