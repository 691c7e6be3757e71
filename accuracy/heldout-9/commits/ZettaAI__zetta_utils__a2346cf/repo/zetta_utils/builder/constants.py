from typing import Final

DEFAULT_VERSION: Final = "0.0.0"
DEFAULT_VERSION_SPEC: Final = ">=0.0.0"
