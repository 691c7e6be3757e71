from allennlp.training.callbacks.callback import Callback, handle_event
from allennlp.training.callbacks.callback_handler import CallbackHandler
from allennlp.training.callbacks.events import Events

from allennlp.training.callbacks.log_to_tensorboard import LogToTensorboard
from allennlp.training.callbacks.update_learning_rate import UpdateLearningRate
from allennlp.training.callbacks.update_momentum import UpdateMomentum
from allennlp.training.callbacks.checkpoint import Checkpoint
from allennlp.training.callbacks.validate import Validate
from allennlp.training.callbacks.track_metrics import TrackMetrics
from allennlp.training.callbacks.gradient_norm_and_clip import GradientNormAndClip
from allennlp.training.callbacks.post_to_url import PostToUrl
from allennlp.training.callbacks.update_moving_average import UpdateMovingAverage
