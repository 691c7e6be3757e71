#!/usr/bin/env python
# encoding: utf-8
'''
@author: wujiyang
@contact: wujiyang@hust.edu.cn
@file: pytorch2torchscript.py
@time: 2019/2/18 17:45
@desc: convert your pytorch model to torch script and save to file
'''

