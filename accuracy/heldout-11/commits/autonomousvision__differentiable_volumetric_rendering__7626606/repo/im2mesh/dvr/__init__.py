from im2mesh.dvr import (
    config, generation, training, models
)

__all__ = [
    config, generation, training, models
]
