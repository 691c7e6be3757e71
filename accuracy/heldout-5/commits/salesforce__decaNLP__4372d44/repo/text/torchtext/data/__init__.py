from .batch import Batch
from .dataset import Dataset, TabularDataset
from .example import Example
from .field import RawField, Field, ReversibleField, SubwordField
from .iterator import (batch, BucketIterator, Iterator, BPTTIterator,
                       pool)
from .pipeline import Pipeline
from .utils import get_tokenizer, interleave_keys

__all__ = ["Batch",
           "Dataset", "TabularDataset", "ZipDataset",
           "Example",
           "RawField", "Field", "ReversibleField", "SubwordField",
           "batch", "BucketIterator", "Iterator", "BPTTIterator",
           "pool",
           "Pipeline",
           "get_tokenizer", "interleave_keys"]
