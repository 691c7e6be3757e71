#!/usr/bin/env python
# encoding: utf-8
'''
@author: wujiyang
@contact: wujiyang@hust.edu.cn
@file: __init__.py.py
@time: 2019/1/4 15:24
@desc:
'''