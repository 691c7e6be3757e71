"""
STRIP estimators.
"""
from art.estimators.poison_mitigation.strip.strip import STRIPMixin
