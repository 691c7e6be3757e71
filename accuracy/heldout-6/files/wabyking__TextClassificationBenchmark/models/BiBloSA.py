# -*- coding: utf-8 -*-

#https://github.com/galsang/BiBloSA-pytorch/blob/master/model/model.py

