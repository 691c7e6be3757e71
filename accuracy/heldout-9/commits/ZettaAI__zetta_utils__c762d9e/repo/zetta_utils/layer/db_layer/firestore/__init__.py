from .backend import FirestoreBackend
from .build import build_firestore_layer
