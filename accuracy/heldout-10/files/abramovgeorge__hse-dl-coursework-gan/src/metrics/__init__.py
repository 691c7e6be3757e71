from src.metrics.f1 import F1Metric
