# -*- coding: utf-8 -*-

