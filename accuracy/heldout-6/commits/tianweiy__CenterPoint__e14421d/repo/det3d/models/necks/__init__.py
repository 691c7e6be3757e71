from .fpn import FPN
from .rpn import RPN, PointModule

__all__ = ["RPN", "PointModule", "FPN"]