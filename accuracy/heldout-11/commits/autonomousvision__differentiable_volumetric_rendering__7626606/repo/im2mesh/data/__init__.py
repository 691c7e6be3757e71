
from im2mesh.data.core import (
    Shapes3dDataset, collate_remove_none, worker_init_fn
)
from im2mesh.data.fields import (
    IndexField, ImagesField, PointCloudField,
    CameraField, SparsePointCloud
)

from im2mesh.data.transforms import ResizeImage

from im2mesh.data.real import ImageDataset

__all__ = [
    # Core
    Shapes3dDataset,
    ImageDataset,
    collate_remove_none,
    worker_init_fn,
    # Fields
    IndexField,
    ImagesField,
    PointCloudField,
    CameraField,
    SparsePointCloud,
    # Transforms,
    ResizeImage,
]
