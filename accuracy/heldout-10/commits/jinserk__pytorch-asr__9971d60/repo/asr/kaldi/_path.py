#!python

KALDI_ROOT = "/u3/jbaik/kaldi"
