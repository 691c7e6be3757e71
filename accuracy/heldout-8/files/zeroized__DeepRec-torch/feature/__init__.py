from feature.feature import ContinuousFeature, CategoricalFeature, MultiCategoryFeature
from feature.feature_meta import FeatureMeta
