# (C) Copyright 2026 Anemoi contributors.
#
# This software is licensed under the terms of the Apache Licence Version 2.0.

from .objectives import EDMDiffusionModelObjective
from .objectives import StochasticInterpolantModelObjective
from .objectives import TransportModelObjective
from .objectives import get_transport_model_objective
from .schedules import SIGMA_SCHEDULES
from .schedules import SIGMA_TRAINING_DISTRIBUTIONS
from .schedules import TIME_SCHEDULES
from .schedules import TIME_TRAINING_DISTRIBUTIONS
from .schedules import KarrasSigmaSchedule
from .schedules import KarrasSigmaTrainingDistribution
from .schedules import UniformTimeTrainingDistribution
from .schedules import UnitTimeSchedule
from .settings import EdmSettings
from .settings import NoiseConditioningSettings
from .settings import StochasticInterpolantSettings
from .settings import TransportSourceSettings
from .sources import TransportSourceBuilder
from .sources import TransportSourceRequest
from .sources import TransportSourceSpec
from .sources import reference_state_sampling_source
from .sources import sampling_source_specs

__all__ = [
    "EDMDiffusionModelObjective",
    "EdmSettings",
    "KarrasSigmaSchedule",
    "KarrasSigmaTrainingDistribution",
    "NoiseConditioningSettings",
    "SIGMA_SCHEDULES",
    "SIGMA_TRAINING_DISTRIBUTIONS",
    "StochasticInterpolantModelObjective",
    "TIME_SCHEDULES",
    "TIME_TRAINING_DISTRIBUTIONS",
    "TransportSourceBuilder",
    "TransportSourceRequest",
    "TransportModelObjective",
    "TransportSourceSpec",
    "TransportSourceSettings",
    "UnitTimeSchedule",
    "UniformTimeTrainingDistribution",
    "get_transport_model_objective",
    "reference_state_sampling_source",
    "sampling_source_specs",
    "StochasticInterpolantSettings",
]
