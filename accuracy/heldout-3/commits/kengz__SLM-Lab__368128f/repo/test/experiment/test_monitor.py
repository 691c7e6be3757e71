from slm_lab.experiment.monitor import AEBSpace
import numpy as np
import pytest

# TODO add these tests


def test_clock():
    return


def test_body():
    return


def test_data_space(test_spec):
    return


def test_aeb_space(test_spec):
    return
