from .generate_feature_maps import GenerateFeatureMaps
from .language import Language

__all__ = ['GenerateFeatureMaps', 'Language']