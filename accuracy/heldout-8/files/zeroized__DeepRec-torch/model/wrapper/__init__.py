from model.wrapper.base import BaseModel
from model.wrapper.ctr.fnn import FNNModel
