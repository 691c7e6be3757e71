# -*- coding: utf-8 -*-

# https://github.com/dasguptar/treelstm.pytorch