from .trainer_config import TrainerConfig  # noqa
from .dummy_trainer_config import DummyTrainerConfig  # noqa
from .gunpowder_trainer_config import GunpowderTrainerConfig  # noqa