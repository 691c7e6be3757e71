from .annotations import AnnotationArray
from .intensities import IntensitiesArray
from .distances import DistanceArray
from .mask import Mask
from .embedding import EmbeddingArray