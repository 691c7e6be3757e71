from .backend import AnnotationLayerBackend, LineAnnotation
from .layer import VolumetricAnnotationLayer
from .build import build_annotation_layer
