from .atari_conv import Dueling_DQN
from .atari_conv import Q_Network
from .ctrl_mlp import Dueling_MLP
from .ctrl_mlp import Q_MLP
from .io import save_pth
from .io import load_pth
from .io import init_network