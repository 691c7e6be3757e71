from ._mde import mde
from ._minification import get_minified_adata_scrna

__all__ = ["mde", "get_minified_adata_scrna"]
