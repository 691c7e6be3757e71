# -*- coding: utf-8 -*- 
# @Time : 2021/11/18 17:09 
# @Author : alan 
# @File : __init__.py.p
