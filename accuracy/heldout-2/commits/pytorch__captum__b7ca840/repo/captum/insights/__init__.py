# pyre-strict
from captum.insights.attr_vis import AttributionVisualizer, Batch, features

__all__ = [
    "AttributionVisualizer",
    "Batch",
    "features",
]
