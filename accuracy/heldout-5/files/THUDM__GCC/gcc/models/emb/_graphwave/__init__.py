# -*- coding: utf-8 -*-
"""
Created on Sat Apr 29 17:50:00 2017


"""

from .graphwave import graphwave_alg
