#!/usr/bin/env python3

# pyre-strict
from captum.concept._core.cav import CAV
from captum.concept._core.concept import Concept, ConceptInterpreter
from captum.concept._core.tcav import TCAV
from captum.concept._utils.classifier import Classifier, DefaultClassifier

__all__ = [
    "CAV",
    "Concept",
    "ConceptInterpreter",
    "TCAV",
    "Classifier",
    "DefaultClassifier",
]
