from .type_specific_net import TypeSpecificNet

__all__ = ['TypeSpecificNet']