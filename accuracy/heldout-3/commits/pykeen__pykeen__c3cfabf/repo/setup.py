# -*- coding: utf-8 -*-

"""Setup module."""

import setuptools

if __name__ == '__main__':
    setuptools.setup()
