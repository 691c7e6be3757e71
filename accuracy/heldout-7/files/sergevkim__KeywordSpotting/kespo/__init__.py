from . import datamodules
from . import models
from . import trainer
from . import utils

