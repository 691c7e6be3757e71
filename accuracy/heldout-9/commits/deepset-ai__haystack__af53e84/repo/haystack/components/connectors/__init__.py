# SPDX-FileCopyrightText: 2022-present deepset GmbH <info@deepset.ai>
#
# SPDX-License-Identifier: Apache-2.0

from haystack.components.connectors.openapi_service import OpenAPIServiceConnector

__all__ = ["OpenAPIServiceConnector"]
