from .model import HetGNNModel
