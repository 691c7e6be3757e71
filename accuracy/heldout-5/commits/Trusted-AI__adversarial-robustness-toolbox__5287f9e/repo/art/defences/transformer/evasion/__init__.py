"""
Module implementing transformer-based defences against evasion attacks.
"""
from art.defences.transformer.evasion.defensive_distillation import DefensiveDistillation
