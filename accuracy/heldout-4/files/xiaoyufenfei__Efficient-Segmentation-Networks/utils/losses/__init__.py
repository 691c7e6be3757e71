from .loss import *
