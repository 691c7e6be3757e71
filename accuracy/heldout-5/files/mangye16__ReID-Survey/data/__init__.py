# encoding: utf-8

from .build import make_data_loader
