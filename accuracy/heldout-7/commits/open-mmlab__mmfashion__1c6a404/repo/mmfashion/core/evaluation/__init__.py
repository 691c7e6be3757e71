from .attr_predict_demo import AttrPredictor
from .attr_predict_eval import AttrCalculator
from .cate_predict_eval import CateCalculator
from .landmark_detect_eval import LandmarkDetectorEvaluator
from .retrieval_demo import ClothesRetriever
from .retrieval_eval import Evaluator

__all__ = [
    'AttrCalculator', 'CateCalculator', 'Evaluator',
    'LandmarkDetectorEvaluator', 'AttrPredictor', 'ClothesRetriever'
]
