from .trvae.trvae import trVAE
from .trvae.trvae_model import TRVAE
from .scgen.vaearith import vaeArith
from .scgen.vaearith_model import scgen

from scvi.model import SCVI, SCANVI, TOTALVI
