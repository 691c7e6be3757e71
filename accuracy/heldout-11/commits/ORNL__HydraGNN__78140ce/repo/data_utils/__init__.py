from .dataset_descriptors import AtomFeatures, Dataset, StructureFeatures
from .helper_functions import (
    distance_3D,
    order_candidates,
    remove_collinear_candidates,
    resolve_neighbour_conflicts,
    tensor_divide,
)
from .serialized_dataset_loader import SerializedDataLoader
from .raw_dataset_loader import RawDataLoader
