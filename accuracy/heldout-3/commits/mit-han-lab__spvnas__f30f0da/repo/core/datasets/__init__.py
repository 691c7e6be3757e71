from .semantic_kitti import *
