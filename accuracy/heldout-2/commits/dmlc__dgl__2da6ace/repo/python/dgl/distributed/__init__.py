"""DGL distributed module"""
from . import optim
from .dist_context import exit_client, initialize
from .dist_dataloader import DistDataLoader
from .dist_graph import DistGraph, DistGraphServer, edge_split, node_split
from .dist_tensor import DistTensor
from .graph_partition_book import GraphPartitionBook, PartitionPolicy
from .graph_services import *
from .kvstore import KVClient, KVServer
from .nn import *
from .partition import (
    dgl_partition_to_graphbolt,
    load_partition,
    load_partition_book,
    load_partition_feats,
    partition_graph,
)
from .rpc import *
from .rpc_client import connect_to_server
from .rpc_server import start_server
from .server_state import ServerState
