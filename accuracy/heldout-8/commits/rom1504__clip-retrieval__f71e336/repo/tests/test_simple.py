import pytest


def test_basic():
    print("it works !")
