# (c) Meta Platforms, Inc. and affiliates. Confidential and proprietary.

# pyre-strict


class FeatureAblationFutureError(Exception):
    """This custom error is raised when an error
    occurs within the callback chain of a
    FeatureAblation attribution call"""

    pass
