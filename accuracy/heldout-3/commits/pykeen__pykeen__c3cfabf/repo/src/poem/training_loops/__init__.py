# -*- coding: utf-8 -*-

"""Training loops for KGE models using multi-modal information."""

from .base import TrainingLoop  # noqa: F401
from .cwa import CWATrainingLoop  # noqa: F401
from .owa import OWATrainingLoop  # noqa: F401
