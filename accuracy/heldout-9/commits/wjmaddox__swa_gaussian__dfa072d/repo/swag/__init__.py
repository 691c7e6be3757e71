#!/usr/bin/env python3

from . import (
    models,
    posteriors,
    data,
    losses,
    utils, 
    regression_data,
)

__all__ = [
    #submodules
    "utils",
    "data",
    "losses",
    "models",
    "posteriors",
    "regression_data"
    #classes

    #functions
]