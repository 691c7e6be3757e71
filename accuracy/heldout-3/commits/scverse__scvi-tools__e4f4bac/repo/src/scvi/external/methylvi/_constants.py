from typing import NamedTuple


class _METHYLVI_REGISTRY_KEYS_NT(NamedTuple):
    MC_KEY: str = "mc"
    COV_KEY: str = "cov"


METHYLVI_REGISTRY_KEYS = _METHYLVI_REGISTRY_KEYS_NT()
