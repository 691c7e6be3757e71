# pylint: disable=missing-docstring


def test_basic():
    """Empty test."""
    assert True
