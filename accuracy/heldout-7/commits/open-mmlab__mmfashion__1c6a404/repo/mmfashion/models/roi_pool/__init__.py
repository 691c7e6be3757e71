from .roi_pooling import RoIPooling

__all__ = ['RoIPooling']
