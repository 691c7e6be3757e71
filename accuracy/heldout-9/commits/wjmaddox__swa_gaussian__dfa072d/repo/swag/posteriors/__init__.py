#!/usr/bin/env python3

from .swag import SWAG
from .laplace import KFACLaplace
#from .swag_laplace import 