# Copyright Lightning AI. Licensed under the Apache License 2.0, see LICENSE file.

from setuptools import setup

setup()
