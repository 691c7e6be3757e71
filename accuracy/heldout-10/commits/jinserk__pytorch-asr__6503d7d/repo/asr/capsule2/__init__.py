from .train import train
#from .predict import predict

