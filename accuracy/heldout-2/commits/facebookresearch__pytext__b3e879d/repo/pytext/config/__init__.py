#!/usr/bin/env python3
# Copyright (c) Facebook, Inc. and its affiliates. All Rights Reserved

from .pytext_config import ConfigBase, PyTextConfig, TestConfig  # noqa
from .serialize import config_from_json, config_to_json  # noqa
