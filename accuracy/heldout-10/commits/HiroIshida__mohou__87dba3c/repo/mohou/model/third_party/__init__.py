# flake8: noqa

from mohou.model.third_party.variational_lstm import VariationalLSTM
