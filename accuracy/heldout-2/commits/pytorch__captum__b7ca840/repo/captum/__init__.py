#!/usr/bin/env python3

# pyre-strict
import captum.attr as attr
import captum.concept as concept
import captum.influence as influence
import captum.log as log
import captum.metrics as metrics
import captum.robust as robust


__version__ = "0.7.0"

__all__ = ["attr", "concept", "influence", "log", "metrics", "robust"]
