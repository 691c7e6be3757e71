# SPDX-FileCopyrightText: 2022-present deepset GmbH <info@deepset.ai>
#
# SPDX-License-Identifier: Apache-2.0

from .auth import Secret, deserialize_secrets_inplace
from .callable_serialization import deserialize_callable, serialize_callable
from .device import ComponentDevice, Device, DeviceMap, DeviceType
from .expit import expit
from .filters import document_matches_filter
from .jupyter import is_in_jupyter
from .requests_utils import request_with_retry
from .type_serialization import deserialize_type, serialize_type

__all__ = [
    "Secret",
    "deserialize_secrets_inplace",
    "ComponentDevice",
    "Device",
    "DeviceMap",
    "DeviceType",
    "expit",
    "document_matches_filter",
    "is_in_jupyter",
    "request_with_retry",
    "serialize_callable",
    "deserialize_callable",
    "serialize_type",
    "deserialize_type",
]
