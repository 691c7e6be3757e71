# coding=utf-8

"""
这一节介绍了pytorch中的单机多GPU并行计算网络，由于没有多GPU因此暂缓此节
"""