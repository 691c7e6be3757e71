from .att_bilstm import AttBiLSTM
