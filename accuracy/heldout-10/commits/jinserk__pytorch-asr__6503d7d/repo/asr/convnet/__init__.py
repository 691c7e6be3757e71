from .train import train
#from . import predict

