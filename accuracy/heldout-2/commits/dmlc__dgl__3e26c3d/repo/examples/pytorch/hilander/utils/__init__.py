#!/usr/bin/env python
# -*- coding: utf-8 -*-

from .misc import *
from .knn import *
from .adjacency import *
from .faiss_search import faiss_search_knn
from .faiss_gpu import faiss_search_approx_knn
from .evaluate import *
from .deduce import *
from .density import *
from .metrics import *
