from .reader import init_dataset, init_test_dataset
