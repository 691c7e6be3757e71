# coding=utf-8

from .benchmark_test_base import BenchmarkTestBase