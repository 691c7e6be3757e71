from .manipulation_spatial_not import ManipulationSpatialNot
from .manipulation_spatial_rotation import ManipulationSpatialRotation

__all__ = [
    'ManipulationSpatialNot',
    'ManipulationSpatialRotation'
    ]
