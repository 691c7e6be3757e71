#-*- coding:utf-8 -*-
#'''
# Created on 18-12-27 上午10:33
#
# @Author: Greg Gao(laygin)
#'''
from .dataset import VOCDataset,ICDARDataset