#!/usr/bin/env python3
# encoding: utf-8
# @Time    : 2018/8/20 下午12:53
# @Author  : yuchangqian
# @Contact : changqian_yu@163.com
# @File    : __init__.py.py
