# -*- coding: utf-8 -*-

"""Unit test package for inferno."""
