from .precomputed import (
    get_info,
    res_to_key,
    InfoExistsModes,
    PrecomputedInfoSpec,
)
