from kge.model.kge_model import KgeModel, KgeEmbedder
from kge.model.lookup_embedder import LookupEmbedder
from kge.model.complex import ComplEx
