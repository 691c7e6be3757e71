from . import voxel_generator
