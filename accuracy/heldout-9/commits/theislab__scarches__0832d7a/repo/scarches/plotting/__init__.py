from .sankey import sankey_diagram
from .scvi_eval import SCVI_EVAL
from .trvae_eval import TRVAE_EVAL

__all__ = ('sankey_diagram', 'SCVI_EVAL', 'TRVAE_EVAL')
