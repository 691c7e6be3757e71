"""
Module implementing transformer-based defences against adversarial attacks.
"""
from art.defences.transformer.transformer import Transformer

from art.defences.transformer import evasion
from art.defences.transformer import poisoning
