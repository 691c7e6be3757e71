# SPDX-FileCopyrightText: 2022-present deepset GmbH <info@deepset.ai>
#
# SPDX-License-Identifier: Apache-2.0

from haystack.components.joiners.document_joiner import DocumentJoiner

__all__ = ["DocumentJoiner"]
