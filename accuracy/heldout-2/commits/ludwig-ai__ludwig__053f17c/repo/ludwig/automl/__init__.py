from ludwig.automl.automl import auto_train  # noqa
from ludwig.automl.automl import cli_init_config  # noqa
from ludwig.automl.automl import create_auto_config  # noqa
from ludwig.automl.automl import train_with_config  # noqa; noqa
