# coding: utf-8
"""
Defining global constants
"""

UNK_TOKEN = '<unk>'
PAD_TOKEN = '<pad>'
BOS_TOKEN = '<s>'
EOS_TOKEN = '</s>'

DEFAULT_UNK_ID = lambda: 0
