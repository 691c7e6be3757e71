"""
Module implementing multiple types of defences against adversarial attacks.
"""
from art.defences import detector
from art.defences import postprocessor
from art.defences import preprocessor
from art.defences import trainer
from art.defences import transformer
