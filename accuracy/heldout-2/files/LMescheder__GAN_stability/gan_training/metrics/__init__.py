from gan_training.metrics.inception_score import inception_score

__all__ = [
    inception_score
]
