# SPDX-FileCopyrightText: 2022-present deepset GmbH <info@deepset.ai>
#
# SPDX-License-Identifier: Apache-2.0

from haystack.testing.sample_components.accumulate import Accumulate
from haystack.testing.sample_components.add_value import AddFixedValue
from haystack.testing.sample_components.concatenate import Concatenate
from haystack.testing.sample_components.double import Double
from haystack.testing.sample_components.fstring import FString
from haystack.testing.sample_components.greet import Greet
from haystack.testing.sample_components.hello import Hello
from haystack.testing.sample_components.joiner import StringJoiner, StringListJoiner
from haystack.testing.sample_components.parity import Parity
from haystack.testing.sample_components.remainder import Remainder
from haystack.testing.sample_components.repeat import Repeat
from haystack.testing.sample_components.self_loop import SelfLoop
from haystack.testing.sample_components.subtract import Subtract
from haystack.testing.sample_components.sum import Sum
from haystack.testing.sample_components.text_splitter import TextSplitter
from haystack.testing.sample_components.threshold import Threshold

__all__ = [
    "Concatenate",
    "Subtract",
    "Parity",
    "Remainder",
    "Accumulate",
    "Threshold",
    "AddFixedValue",
    "Repeat",
    "Sum",
    "Greet",
    "Double",
    "StringJoiner",
    "Hello",
    "TextSplitter",
    "StringListJoiner",
    "SelfLoop",
    "FString",
]
