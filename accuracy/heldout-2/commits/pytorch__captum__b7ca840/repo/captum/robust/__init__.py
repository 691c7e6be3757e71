#!/usr/bin/env python3

# pyre-strict

from captum.robust._core.fgsm import FGSM
from captum.robust._core.metrics.attack_comparator import AttackComparator
from captum.robust._core.metrics.min_param_perturbation import MinParamPerturbation
from captum.robust._core.perturbation import Perturbation
from captum.robust._core.pgd import PGD

__all__ = ["FGSM", "AttackComparator", "MinParamPerturbation", "Perturbation", "PGD"]
