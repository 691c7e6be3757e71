from .converter import converter  # noqa
from .create_store import \
    create_array_store, \
    create_config_store,\
    create_stats_store, \
    create_weights_store  # noqa
