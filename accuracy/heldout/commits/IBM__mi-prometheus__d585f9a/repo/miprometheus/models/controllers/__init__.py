from .controller_factory import ControllerFactory
from .feedforward_controller import FeedforwardController
from .ffgru_controller import FFGRUStateTuple, FFGRUController
from .gru_controller import GRUStateTuple, GRUController
from .lstm_controller import LSTMStateTuple, LSTMController
from .rnn_controller import RNNStateTuple, RNNController

__all__ = [
    'ControllerFactory',
    'FeedforwardController',
    'FFGRUStateTuple',
    'FFGRUController',
    'GRUStateTuple',
    'GRUController',
    'LSTMStateTuple',
    'LSTMController',
    'RNNStateTuple',
    'RNNController']
