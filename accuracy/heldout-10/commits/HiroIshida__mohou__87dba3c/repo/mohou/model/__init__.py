# flake8: noqa

from mohou.model.autoencoder import (
    AutoEncoder,
    AutoEncoderBase,
    AutoEncoderConfig,
    VariationalAutoEncoder,
)
from mohou.model.common import (
    FloatLossDict,
    LossDict,
    ModelBase,
    ModelConfigBase,
    ModelConfigT,
    ModelT,
    average_float_loss_dict,
)
from mohou.model.lstm import LSTM, PBLSTM, LSTMConfig, PBLSTMConfig
from mohou.model.markov import ControlModel, MarkoveModelConfig
