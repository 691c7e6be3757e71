from .seg_oprs import *
