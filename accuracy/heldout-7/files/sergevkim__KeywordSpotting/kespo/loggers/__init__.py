from .neptune_logger import NeptuneLogger

