from .extract_clip import *
