# encoding: utf-8

from .defaults import _C as cfg
