# -*- coding: utf-8 -*-

UNIVERSAL_SENTENCE_ENCODER = 'universal_sentence_encoder'
PRETRAINED_TEXT_ENCODERS = {}
