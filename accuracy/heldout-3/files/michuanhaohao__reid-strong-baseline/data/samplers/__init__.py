# encoding: utf-8
"""
@author:  liaoxingyu
@contact: sherlockliao01@gmail.com
"""

from .triplet_sampler import RandomIdentitySampler, RandomIdentitySampler_alignedreid   # new add by gu
