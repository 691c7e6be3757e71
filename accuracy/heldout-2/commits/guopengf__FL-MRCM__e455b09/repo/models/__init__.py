#!/usr/bin/env python
# -*- coding: utf-8 -*-
# @python: 3.6
