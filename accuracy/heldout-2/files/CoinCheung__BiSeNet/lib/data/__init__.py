
from .get_dataloader import get_data_loader
