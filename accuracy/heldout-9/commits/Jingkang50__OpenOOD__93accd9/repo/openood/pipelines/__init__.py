from .utils import get_pipeline
