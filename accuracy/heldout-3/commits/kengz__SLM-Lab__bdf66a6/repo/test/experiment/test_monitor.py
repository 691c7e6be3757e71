import pytest

# TODO add these tests


def test_clock():
    return


def test_body():
    return
