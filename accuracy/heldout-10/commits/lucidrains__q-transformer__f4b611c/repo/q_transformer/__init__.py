from q_transformer.robotic_transformer import (
    QRoboticTransformer,
    MaxViT
)

from q_transformer.q_transformer import (
    QLearner
)
