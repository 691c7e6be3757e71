# Copyright (c) CAIRI AI Lab. All rights reserved

from .train import BaseExperiment

__all__ = [
    'BaseExperiment',
]