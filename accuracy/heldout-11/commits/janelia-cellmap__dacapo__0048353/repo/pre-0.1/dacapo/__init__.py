from .run import enumerate_runs, run_local, run_all  # noqa
from .predict import predict_one, predict_worker  # noqa
from .validate import validate_one  # noqa
from .post_process import (
    post_process_one,
    post_process_local,
    post_process_remote,
)  # noqa

from . import analyze  # noqa
from . import configurables  # noqa
from . import config_fields  # noqa
