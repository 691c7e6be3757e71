from im2mesh.utils.libmcubes.mcubes import (
    marching_cubes, marching_cubes_func
)
from im2mesh.utils.libmcubes.exporter import (
    export_mesh, export_obj, export_off
)


__all__ = [
    marching_cubes, marching_cubes_func,
    export_mesh, export_obj, export_off
]
