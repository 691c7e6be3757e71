from .make_dataloader import  make_dataloader
from .make_dataloader import RandomErasing