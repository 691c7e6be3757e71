from .bert import BERTEmbedding
