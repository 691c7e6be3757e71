from captum.insights.attr_vis.app import AttributionVisualizer, Batch  # noqa
