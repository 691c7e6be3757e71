#!/usr/bin/env python3
# Copyright (c) Facebook, Inc. and its affiliates. All Rights Reserved

from .config_adapter import upgrade_to_latest  # noqa
from .pytext_config import LATEST_VERSION, ConfigBase, PyTextConfig, TestConfig  # noqa
from .serialize import config_from_json, config_to_json, pytext_config_from_json  # noqa
