# -*- coding: utf-8 -*-
from .reader import Reader as FREReader
from .prc import fact_ru_eval_preprocess

__all__ = ["FREReader", "fact_ru_eval_preprocess"]
