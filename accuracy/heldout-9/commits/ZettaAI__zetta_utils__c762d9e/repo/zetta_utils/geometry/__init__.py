from .vec import Vec3D, IntVec3D, RawVec3D
from .bbox import BBox3D
from .bbox_strider import BBoxStrider
