# SPDX-FileCopyrightText: 2022-present deepset GmbH <info@deepset.ai>
#
# SPDX-License-Identifier: Apache-2.0

from haystack.marshal.protocol import Marshaller
from haystack.marshal.yaml import YamlMarshaller

__all__ = ["Marshaller", "YamlMarshaller"]
