from .api import AttributionVisualizer, Batch, FilterConfig  # noqa
