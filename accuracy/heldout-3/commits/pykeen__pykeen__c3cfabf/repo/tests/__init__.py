# -*- coding: utf-8 -*-

"""Tests for POEM."""
