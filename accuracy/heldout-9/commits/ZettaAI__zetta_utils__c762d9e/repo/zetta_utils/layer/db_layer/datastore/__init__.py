from .backend import DatastoreBackend
from .build import build_datastore_layer
