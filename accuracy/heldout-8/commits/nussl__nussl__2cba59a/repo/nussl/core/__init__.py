#!/usr/bin/env python
# -*- coding: utf-8 -*-
"""
Imports for core nussl components
"""

from .audio_signal import AudioSignal

