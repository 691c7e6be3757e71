# Copyright (c) CAIRI AI Lab. All rights reserved

from .dataloader_kitticaltech import KittiCaltechDataset
from .dataloader_kth import KTHDataset
from .dataloader_moving_mnist import MovingMNIST
from .dataloader_taxibj import TaxibjDataset
from .dataloader_weather import ClimateDataset
from .dataloader import load_data
from .dataset_constant import dataset_parameters
from .utils import create_loader

__all__ = [
    'KittiCaltechDataset', 'KTHDataset', 'MovingMNIST', 'TaxibjDataset', 'ClimateDataset',
    'load_data', 'dataset_parameters', 'create_loader',
]