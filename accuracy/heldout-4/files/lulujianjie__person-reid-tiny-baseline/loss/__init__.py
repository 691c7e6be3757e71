from .make_loss import make_loss
from .arcface import ArcFace