#!/usr/bin/env python3
# Copyright (c) Facebook, Inc. and its affiliates. All Rights Reserved

from .conllu import CoNLLUNERDataSource
from .data_source import DataSource, RawExample
from .dense_retrieval import DenseRetrievalDataSource
from .pandas import PandasDataSource
from .squad import SquadDataSource
from .tsv import TSVDataSource


__all__ = [
    "DataSource",
    "RawExample",
    "SquadDataSource",
    "TSVDataSource",
    "PandasDataSource",
    "CoNLLUNERDataSource",
    "DenseRetrievalDataSource",
]
