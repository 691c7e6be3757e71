from .mini_imagenet import *
