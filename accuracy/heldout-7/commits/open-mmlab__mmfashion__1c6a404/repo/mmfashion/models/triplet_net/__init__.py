from .triplet_net import TripletNet

__all__ = ['TripletNet']