from dacapo.data import (
    DataKey,
    DataSource,
    ArrayKey,
    GraphKey,
)

__all__ = [
    ArrayKey,
    GraphKey,
    DataKey,
    DataSource,
]