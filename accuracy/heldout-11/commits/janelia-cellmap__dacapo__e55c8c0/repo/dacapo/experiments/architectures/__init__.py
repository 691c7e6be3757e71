from .architecture_config import ArchitectureConfig  # noqa
from .dummy_architecture_config import DummyArchitectureConfig  # noqa
