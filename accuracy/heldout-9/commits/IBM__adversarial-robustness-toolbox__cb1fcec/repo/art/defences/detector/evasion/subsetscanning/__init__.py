"""
This module implements the fast generalized subset scan based detector.
"""
