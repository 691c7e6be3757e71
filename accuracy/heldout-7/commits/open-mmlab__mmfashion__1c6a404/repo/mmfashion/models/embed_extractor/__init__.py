from .embed_extract import EmbedExtractor

__all__ = ['EmbedExtractor']
