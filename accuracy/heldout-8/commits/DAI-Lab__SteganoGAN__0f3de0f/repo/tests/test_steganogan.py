#!/usr/bin/env python
# -*- coding: utf-8 -*-

"""Tests for `steganogan` package."""

import unittest

# from steganogan import steganogan


class TestDeepsteganography(unittest.TestCase):
    """Tests for `deepsteganography` package."""

    def setUp(self):
        """Set up test fixtures, if any."""

    def tearDown(self):
        """Tear down test fixtures, if any."""

    def test_000_something(self):
        """Test something."""
        self.assertTrue(True)
