from .env import get_root_logger, init_dist, set_random_seed
from .test_landmark_detector import test_landmark_detector
from .test_predictor import test_predictor
from .test_retriever import test_retriever
from .test_fashion_recommender import test_fashion_recommender
from .train_landmark_detector import train_landmark_detector
from .train_predictor import train_predictor
from .train_retriever import train_retriever
from .train_fashion_recommender import train_fashion_recommender
from .utils import build_criterion, build_optimizer

__all__ = [
    'init_dist', 'get_root_logger', 'set_random_seed', 'train_predictor',
    'test_predictor', 'train_retriever', 'train_fashion_recommender',
    'test_retriever', 'test_fashion_recommender',
    'train_landmark_detector', 'test_landmark_detector', 'build_optimizer',
    'build_criterion'
]
