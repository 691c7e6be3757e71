#!/usr/bin/env python

from setuptools import setup

setup(name='OpenNMT-py',
      description='A python implementation of OpenNMT',
      version='0.1',
      packages=['onmt', 'onmt.io', 'onmt.translate', 'onmt.modules'])
