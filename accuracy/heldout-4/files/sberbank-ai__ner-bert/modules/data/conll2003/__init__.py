from .prc import conll2003_preprocess


__all__ = ["conll2003_preprocess"]
