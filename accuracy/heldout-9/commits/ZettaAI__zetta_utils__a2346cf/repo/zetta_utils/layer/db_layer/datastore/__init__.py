from .backend import DatastoreBackend
from .build import build_datastore_layer
from .temp_layer_ctx import temp_datastore_layer_ctx
