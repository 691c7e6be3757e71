from .extract_timm import *
