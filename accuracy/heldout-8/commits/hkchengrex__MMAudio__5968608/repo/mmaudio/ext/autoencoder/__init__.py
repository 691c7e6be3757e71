from .autoencoder import AutoEncoderModule
