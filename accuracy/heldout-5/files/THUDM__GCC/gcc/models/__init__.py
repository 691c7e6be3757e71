from .graph_encoder import GraphEncoder

__all__ = ["GraphEncoder"]
