from ._base_components import DecoderMETHYLVI
from ._constants import METHYLVI_REGISTRY_KEYS
from ._model import METHYLVI as METHYLVI
from ._module import METHYLVAE

__all__ = ["METHYLVI_REGISTRY_KEYS", "DecoderMETHYLVI", "METHYLVAE", "METHYLVI"]
