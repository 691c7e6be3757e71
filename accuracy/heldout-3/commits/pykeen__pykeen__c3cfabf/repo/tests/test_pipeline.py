# -*- coding: utf-8 -*-

"""Test pipeline."""

import unittest

from poem.pipeline import Pipeline


class PieplineTest(unittest.TestCase):
    """Class for testing utils for processing numeric literals"""

    def test_run(self):
        """Test run function of pipeline."""

        # input: configuration, output: experimental artifacts

    def test_preprocess(self):
        """Test Pipline's preprocess fct."""
        pipeline = Pipeline()
