from .helpers import save_features, split_features, store_features
