# -*- coding: utf-8 -*-

"""Main module."""
