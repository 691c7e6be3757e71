from captum.insights.attr_vis import AttributionVisualizer, Batch  # noqa
