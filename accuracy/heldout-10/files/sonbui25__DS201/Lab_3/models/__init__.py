from .BiLSTM import BiLSTM
from .LSTM import LSTM
from .GRU import GRU