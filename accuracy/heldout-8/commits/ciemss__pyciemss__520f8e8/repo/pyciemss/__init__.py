import pyciemss.compiled_dynamics  # noqa: F401
import pyciemss.mira_integration  # noqa: F401
from pyciemss.interfaces import (  # noqa: F401
    calibrate,
    ensemble_sample,
    optimize,
    sample,
)
