from .flyingchairs import flying_chairs
from .KITTI import KITTI_occ,KITTI_noc
from .mpisintel import mpi_sintel_clean,mpi_sintel_final,mpi_sintel_both

__all__ = ('flying_chairs','KITTI_occ','KITTI_noc','mpi_sintel_clean','mpi_sintel_final','mpi_sintel_both')
