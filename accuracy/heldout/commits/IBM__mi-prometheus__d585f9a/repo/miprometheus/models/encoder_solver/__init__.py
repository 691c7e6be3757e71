from .es_lstm_model import EncoderSolverLSTM
from .es_ntm_model import EncoderSolverNTM
from .mae_cell import MAECellStateTuple, MAECell
from .mae_interface import MAEInterfaceStateTuple, MAEInterface
from .maes_model import MAES
from .mas_cell import MASCellStateTuple, MASCell
from .mas_interface import MASInterfaceStateTuple, MASInterface

__all__ = [
    'EncoderSolverLSTM',
    'EncoderSolverNTM',
    'MAECellStateTuple',
    'MAECell',
    'MAEInterfaceStateTuple',
    'MAEInterface',
    'MAES',
    'MASCellStateTuple',
    'MASCell',
    'MASInterfaceStateTuple',
    'MASInterface']
