from .clean import clean_text
from .spliter import split_text

__all__ = ["clean_text", "split_text"]
