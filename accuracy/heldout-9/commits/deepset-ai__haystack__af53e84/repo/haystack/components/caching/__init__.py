# SPDX-FileCopyrightText: 2022-present deepset GmbH <info@deepset.ai>
#
# SPDX-License-Identifier: Apache-2.0

from haystack.components.caching.cache_checker import CacheChecker

__all__ = ["CacheChecker"]
