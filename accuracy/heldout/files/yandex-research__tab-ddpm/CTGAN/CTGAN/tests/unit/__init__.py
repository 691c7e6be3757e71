"""Unit testing module."""
