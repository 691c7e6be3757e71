# -*- coding: utf-8 -*-
import pytest
from src.tools.utils import getProjectPaths

def test_getProjectPaths():
    paths = getProjectPaths('p')
    assert True
