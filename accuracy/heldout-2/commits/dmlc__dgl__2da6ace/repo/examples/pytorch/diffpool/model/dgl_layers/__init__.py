from .gnn import DiffPoolBatchedGraphLayer, GraphSage, GraphSageLayer
