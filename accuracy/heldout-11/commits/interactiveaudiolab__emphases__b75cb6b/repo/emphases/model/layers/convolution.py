import functools

import torch

import emphases


###############################################################################
# Convolution model
###############################################################################


class Convolution(torch.nn.Sequential):

    def __init__(self):
        # Bind common parameters
        conv_fn = functools.partial(
            torch.nn.Conv1d,
            kernel_size=emphases.KERNEL_SIZE,
            padding='same')

        # Layers
        layers = []
        channels = emphases.CHANNELS
        for _ in range(emphases.LAYERS):
            layers.extend((conv_fn(channels, channels), torch.nn.ReLU()))

        # Register to Module
        super().__init__(*layers)

    # Ignore sequence length parameter needed for Transformer model
    def forward(self, x, _):
        return super()(x)
