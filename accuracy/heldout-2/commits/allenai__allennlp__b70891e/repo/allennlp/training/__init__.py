from allennlp.training.callback_trainer import CallbackTrainer
from allennlp.training.no_op_trainer import NoOpTrainer
from allennlp.training.trainer import Trainer
from allennlp.training.trainer_base import TrainerBase
