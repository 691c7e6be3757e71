from .model_utils import (DataAttribute, 
                          create_model_path,
                          backup_code,
                          setup_platform,
                          setup_logging,
                          logging_args,
                          count_model_parameters)
from .plot_utils import saveLoss
from .parser import (parse_keys)