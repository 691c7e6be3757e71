from .clevr import CLEVR
from .image_text_to_class_problem import ObjectRepresentation, ImageTextToClassProblem
from .sort_of_clevr import SortOfCLEVR
from .shape_color_query import ShapeColorQuery

__all__ = ['CLEVR', 'ObjectRepresentation', 'ImageTextToClassProblem', 'SortOfCLEVR', 'ShapeColorQuery']
