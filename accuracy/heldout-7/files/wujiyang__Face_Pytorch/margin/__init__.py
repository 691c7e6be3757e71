#!/usr/bin/env python
# encoding: utf-8
'''
@author: wujiyang
@contact: wujiyang@hust.edu.cn
@file: __init__.py.py
@time: 2018/12/25 9:12
@desc:
'''