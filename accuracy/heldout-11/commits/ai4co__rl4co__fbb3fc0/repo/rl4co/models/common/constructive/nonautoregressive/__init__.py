from rl4co.models.common.constructive.nonautoregressive.decoder import (
    NonAutoregressiveDecoder,
)
from rl4co.models.common.constructive.nonautoregressive.encoder import (
    NonAutoregressiveEncoder,
)
from rl4co.models.common.constructive.nonautoregressive.policy import (
    NonAutoregressivePolicy,
)
