from rl4co.models.common.constructive.autoregressive.decoder import AutoregressiveDecoder
from rl4co.models.common.constructive.autoregressive.encoder import AutoregressiveEncoder
from rl4co.models.common.constructive.autoregressive.policy import AutoregressivePolicy
