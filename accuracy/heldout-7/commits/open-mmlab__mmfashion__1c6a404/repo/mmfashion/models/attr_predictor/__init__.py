from .attr_predictor import AttrPredictor

__all__ = ['AttrPredictor']
