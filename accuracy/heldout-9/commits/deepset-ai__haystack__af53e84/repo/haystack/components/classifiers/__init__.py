# SPDX-FileCopyrightText: 2022-present deepset GmbH <info@deepset.ai>
#
# SPDX-License-Identifier: Apache-2.0

from haystack.components.classifiers.document_language_classifier import DocumentLanguageClassifier

__all__ = ["DocumentLanguageClassifier"]
