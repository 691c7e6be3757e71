from .cnn_lstm import CNN_LSTM

__all__ = ['CNN_LSTM']
