"""
Models imports
"""

from .models import Models
