#!/usr/bin/env python
# -*- coding: utf-8 -*-
import nussl
import unittest


class TestNmf(unittest.TestCase):

    def test_simple_example(self):
        pass
