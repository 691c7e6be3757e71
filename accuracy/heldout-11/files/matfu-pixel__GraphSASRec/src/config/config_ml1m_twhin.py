from config.config import TwhinGraphEncoderConfig


config = TwhinGraphEncoderConfig(
    dataset_name='ml1m'
)
