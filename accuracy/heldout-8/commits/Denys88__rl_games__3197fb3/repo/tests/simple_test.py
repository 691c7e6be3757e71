import pytest


def test_true():
    assert True