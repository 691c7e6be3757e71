# Copyright (c) Open-MMLab. All rights reserved.
from .flops_counter import get_model_complexity_info
from .fuse_conv_bn import fuse_conv_bn
from .weight_init import (INITIALIZERS, ConstantInit, KaimingInit, NormalInit,
                          PretrainedInit, UniformInit, XavierInit,
                          bias_init_with_prob, caffe2_xavier_init,
                          constant_init, initialize, kaiming_init, normal_init,
                          uniform_init, xavier_init)

__all__ = [
    'get_model_complexity_info', 'bias_init_with_prob', 'caffe2_xavier_init',
    'constant_init', 'kaiming_init', 'normal_init', 'uniform_init',
    'xavier_init', 'fuse_conv_bn', 'initialize', 'INITIALIZERS',
    'ConstantInit', 'XavierInit', 'NormalInit', 'UniformInit', 'KaimingInit',
    'PretrainedInit'
]
