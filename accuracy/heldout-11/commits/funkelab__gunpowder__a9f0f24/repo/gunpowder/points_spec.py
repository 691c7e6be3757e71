from .graph_spec import GraphSpec

PointsSpec = GraphSpec
