# pyre-strict
from captum.insights.attr_vis.app import AttributionVisualizer, Batch

__all__ = [
    "AttributionVisualizer",
    "Batch",
]
