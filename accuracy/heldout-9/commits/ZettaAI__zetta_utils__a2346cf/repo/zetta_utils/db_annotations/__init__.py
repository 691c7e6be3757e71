from .annotation import (
    read_annotation,
    read_annotations,
    add_annotation,
    add_annotations,
    update_annotation,
    update_annotations,
    parse_ng_annotations,
)
from .collection import read_collection, read_collections, add_collection, update_collection
from .layer_group import read_layer_group, read_layer_groups, add_layer_group, update_layer_group
from .layer import read_layer, read_layers, add_layer, update_layer
