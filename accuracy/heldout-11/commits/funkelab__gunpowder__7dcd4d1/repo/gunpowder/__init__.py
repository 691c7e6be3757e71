from __future__ import absolute_import

from . import nodes
from .nodes import *

from .batch import Batch
from .batch_provider_tree import *
from .batch_request import BatchRequest
from .build import build
from .coordinate import Coordinate
from .points import Points, Point, PointsKey, PointsKeys
from .points_spec import PointsSpec
from .graph import Graph, Node, Edge, GraphKey, GraphKeys
from .graph_spec import GraphSpec
from .producer_pool import ProducerPool
from .provider_spec import ProviderSpec
from .roi import Roi
from .array import Array, ArrayKey, ArrayKeys
from .array_spec import ArraySpec
from .version_info import _version as version
import gunpowder.caffe
import gunpowder.tensorflow
import gunpowder.contrib
import gunpowder.zoo
import gunpowder.torch
