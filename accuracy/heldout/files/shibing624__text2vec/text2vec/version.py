# -*- coding: utf-8 -*-
"""
@author:XuMing
@description:
"""

__version__ = '1.3.8'
