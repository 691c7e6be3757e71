# SPDX-FileCopyrightText: 2022-present deepset GmbH <info@deepset.ai>
#
# SPDX-License-Identifier: Apache-2.0

from haystack.components.websearch.searchapi import SearchApiWebSearch
from haystack.components.websearch.serper_dev import SerperDevWebSearch

__all__ = ["SerperDevWebSearch", "SearchApiWebSearch"]
