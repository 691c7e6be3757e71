from .LSTM import LSTM
from .LSTM_Bahdanau import LSTM_Bahdanau
from .LSTM_Local_Attention import LSTM_Local_Attention
from .LSTM_Global_Attention import LSTM_Global_Attention