"""
This is a dummy source fiile
"""


def handle():
    return "Dummy model"
