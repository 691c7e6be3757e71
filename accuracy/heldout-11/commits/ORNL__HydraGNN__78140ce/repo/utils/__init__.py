from .models_setup import generate_model
from .random_graph_data import random_graph_data
from .utils import (
    combine_and_split_datasets,
    dataset_loading_and_splitting,
    load_data,
    train_validate_test_normal,
    test,
)
from .visualizer import Visualizer
