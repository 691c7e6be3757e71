# @Time    : 2019/4/17 19:31
# @Author  : shakespere
# @FileName: __init__.py.py
