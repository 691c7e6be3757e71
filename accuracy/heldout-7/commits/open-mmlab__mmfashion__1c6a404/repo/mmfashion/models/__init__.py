from .attr_predictor import *
from .backbones import *
from .builder import (build_attr_predictor, build_backbone, build_concat,
                      build_embed_extractor, build_global_pool,
                      build_landmark_detector,
                      build_landmark_feature_extractor,
                      build_landmark_regression, build_loss, build_predictor,
                      build_retriever, build_roi_pool,
                      build_visibility_classifier,
                      build_triplet_net,
                      build_type_specific_net,
                      build_fashion_recommender)
from .concats import *
from .embed_extractor import *
from .global_pool import *
from .landmark_detector import *
from .landmark_feature_extractor import *
from .landmark_regression import *
from .losses import *
from .predictor import *
from .registry import (ATTRPREDICTOR, BACKBONES, CONCATS, EMBEDEXTRACTOR,
                       GLOBALPOOLING, LANDMARKDETECTOR, LOSSES, PREDICTOR,
                       RETRIEVER, ROIPOOLING, RECOMMENDER)
from .retriever import *
from .roi_pool import *
from .visibility_classifier import *
from .type_specific_net import *
from .triplet_net import *
from .fashion_recommender import *

__all__ = [
    'BACKBONES', 'GLOBALPOOLING', 'ROIPOOLING', 'CONCATS', 'LOSSES',
    'PREDICTOR', 'RETRIEVER', 'ATTRPREDICTOR', 'EMBEDEXTRACTOR',
    'LANDMARKDETECTOR', 'RECOMMENDER',
    'build_backbone', 'build_global_pool',
    'build_roi_pool', 'build_concat', 'build_attr_predictor',
    'build_embed_extractor', 'build_predictor', 'build_retriever',
    'build_landmark_feature_extractor', 'build_landmark_regression',
    'build_visibility_classifier', 'build_landmark_detector', 'build_loss',
    'build_triplet_net', 'build_type_specific_net',
    'build_fashion_recommender'
]
