from morered import (
    bonds,
    datasets,
    model,
    noise_schedules,
    optimization,
    transform,
    sampling,
    callbacks,
    utils,
)
from morered.task import *
