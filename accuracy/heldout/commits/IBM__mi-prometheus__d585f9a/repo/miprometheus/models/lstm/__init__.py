from .lstm_model import LSTM

__all__ = ['LSTM']
