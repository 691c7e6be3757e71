from .tiny_imagenet import *
