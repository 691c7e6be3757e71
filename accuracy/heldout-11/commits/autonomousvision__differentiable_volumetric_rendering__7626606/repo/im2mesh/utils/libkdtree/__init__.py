from .pykdtree.kdtree import KDTree


__all__ = [
    KDTree
]
