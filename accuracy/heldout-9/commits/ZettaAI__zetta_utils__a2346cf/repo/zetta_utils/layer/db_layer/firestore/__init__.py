from .backend import FirestoreBackend
from .build import build_firestore_layer
from .temp_layer_ctx import temp_firestore_layer_ctx
