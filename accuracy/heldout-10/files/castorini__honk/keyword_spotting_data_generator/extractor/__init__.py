from .sphinx_stt_extractor import *
