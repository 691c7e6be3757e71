# Copyright (c) Microsoft Corporation.
# Licensed under the MIT License.


from __future__ import division
from __future__ import print_function

from .data import (
    D,
    CalendarProvider,
    InstrumentProvider,
    FeatureProvider,
    ExpressionProvider,
    DatasetProvider,
    LocalCalendarProvider,
    LocalInstrumentProvider,
    LocalFeatureProvider,
    LocalExpressionProvider,
    LocalDatasetProvider,
    ClientCalendarProvider,
    ClientInstrumentProvider,
    ClientDatasetProvider,
    BaseProvider,
    LocalProvider,
    ClientProvider,
)

from .cache import (
    ExpressionCache,
    DatasetCache,
    DiskExpressionCache,
    DiskDatasetCache,
    SimpleDatasetCache,
    DatasetURICache,
    MemoryCalendarCache,
)
