#!/usr/bin/env python3

__version__ = "0.2.0"
