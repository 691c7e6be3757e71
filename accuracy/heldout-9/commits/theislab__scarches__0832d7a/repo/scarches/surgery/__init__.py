from .trvae import trvae_operate
