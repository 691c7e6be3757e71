# -*- coding: utf-8 -*-
from matplotlib import cm

