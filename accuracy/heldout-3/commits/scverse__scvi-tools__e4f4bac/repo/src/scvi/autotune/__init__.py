from scvi.utils import error_on_missing_dependencies

error_on_missing_dependencies("hyperopt", "ray.tune", "tensorboard")


from ._experiment import AutotuneExperiment  # noqa
from ._tune import run_autotune  # noqa

__all__ = ["AutotuneExperiment", "run_autotune"]
