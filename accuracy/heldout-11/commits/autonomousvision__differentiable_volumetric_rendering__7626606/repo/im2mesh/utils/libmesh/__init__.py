from .inside_mesh import (
    check_mesh_contains, MeshIntersector, TriangleIntersector2d
)


__all__ = [
    check_mesh_contains, MeshIntersector, TriangleIntersector2d
]
