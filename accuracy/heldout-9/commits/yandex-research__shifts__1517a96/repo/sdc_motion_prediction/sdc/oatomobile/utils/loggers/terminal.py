# Copyright 2020 The OATomobile Authors. All Rights Reserved.
#
# Licensed under the Apache License, Version 2.0 (the "License");
# you may not use this file except in compliance with the License.
# You may obtain a copy of the License at
#
#     http://www.apache.org/licenses/LICENSE-2.0
#
# Unless required by applicable law or agreed to in writing, software
# distributed under the License is distributed on an "AS IS" BASIS,
# WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
# See the License for the specific language governing permissions and
# limitations under the License.
# ==============================================================================
"""Utilities for logging to the terminal, borrowed from DeepMind's Acme."""

import time
from typing import Any
from typing import Callable

import numpy as np

from sdc.oatomobile.utils.loggers import base


def _format_key(key: str) -> str:
  """Internal function for formatting keys."""
  return key.replace("_", " ").title()


def _format_value(value: Any) -> str:
  """Internal function for formatting values."""
  if isinstance(value, (float, np.number)):
    return "{:0.3f}".format(value)
  return "{}".format(value)


def serialize(values: base.LoggingData) -> str:
  """Converts `values` to a pretty-printed string.

  This takes a dictionary `values` whose keys are strings and returns
  a formatted string such that each [key, value] pair is separated by " = " and
  each entry is separated by " | ". The keys are sorted alphabetically to ensure
  a consistent order, and snake case is split into words.

  For example:
      values = {"a": 1, "b" = 2.33333333, "c": "hello", "big_value": 10}
      # Returns "A = 1 | B = 2.333 | Big Value = 10 | C = hello"
      values_string = serialize(values)

  Args:
    values: A dictionary with string keys.
  Returns:
    A formatted string.
  """
  return " | ".join("{} = {}".format(_format_key(k), _format_value(v))
                    for k, v in sorted(values.items()))


class TerminalLogger(base.Logger):
  """Logs to terminal."""

  def __init__(
      self,
      label: str = "",
      print_fn: Callable[[str], None] = print,
      serialize_fn: Callable[[base.LoggingData], str] = serialize,
      time_delta: float = 0.0,
  ):
    """Initializes the logger.

    Args:
      label: Label string to use when logging.
      print_fn: Function to call which acts like print.
      serialize_fn: Function to call which transforms values into a str.
      time_delta: How often (in seconds) to write values. This can be used to
        minimize terminal spam, but is 0 by default---ie everything is written.
    """

    self._print_fn = print_fn
    self._serialize_fn = serialize_fn
    self._label = label and "[{}] ".format(_format_key(label))
    self._time = time.time()
    self._time_delta = time_delta

  def write(self, values: base.LoggingData):
    now = time.time()
    if (now - self._time) > self._time_delta:
      self._print_fn("{}{}".format(self._label, self._serialize_fn(values)))
      self._time = now
