# Copyright 2022 MosaicML Composer authors
# SPDX-License-Identifier: Apache-2.0

from tests.metrics.metric_setter_callback import MetricSetterCallback

__all__ = ['MetricSetterCallback']
