from .base import BaseFashionRecommender
from .type_aware_recommend import TypeAwareRecommender

__all__ = ['BaseFashionRecommender', 'TypeAwareRecommender']
