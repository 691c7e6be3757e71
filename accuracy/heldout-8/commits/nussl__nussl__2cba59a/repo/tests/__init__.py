# coding=utf-8

import benchmark_test_base