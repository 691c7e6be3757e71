from .common import AverageMeter, save_checkpoint, load_checkpoint, \
    clip_gradient, adjust_learning_rate
from .embedding import init_embeddings, load_embeddings
from .opts import parse_opt
from .tensorboard import TensorboardWriter
