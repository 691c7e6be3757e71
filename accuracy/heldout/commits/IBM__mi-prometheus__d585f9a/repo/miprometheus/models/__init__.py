# Sequential models.
from .controllers import *

# MANN models.
from .dnc import *
from .dwm import *
from .encoder_solver import *
from .lstm import *
from .ntm import *
from .thalnet import *

# VQA models.
from .mac import *
from .s_mac import *
from .relational_net import *
from .vision import *
from .vqa_baselines import *

# Other imports.
from .model import Model
from .model_factory import ModelFactory
from .sequential_model import SequentialModel
