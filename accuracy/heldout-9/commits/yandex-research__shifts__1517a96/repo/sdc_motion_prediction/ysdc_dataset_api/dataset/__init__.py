from .dataset import MotionPredictionDataset
