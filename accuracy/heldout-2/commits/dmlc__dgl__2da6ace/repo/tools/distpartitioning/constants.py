GLOBAL_NID = "global_node_id"
GLOBAL_EID = "global_edge_id"

SHUFFLE_GLOBAL_NID = "shuffle_global_node_id"
SHUFFLE_GLOBAL_EID = "shuffle_global_edge_id"

NTYPE_ID = "node_type_id"
ETYPE_ID = "edge_type_id"

GLOBAL_TYPE_NID = "global_type_node_id"
GLOBAL_TYPE_EID = "global_type_edge_id"

GLOBAL_SRC_ID = "global_src_id"
GLOBAL_DST_ID = "global_dst_id"
SHUFFLE_GLOBAL_SRC_ID = "shuffle_global_src_id"
SHUFFLE_GLOBAL_DST_ID = "shuffle_global_dst_id"

OWNER_PROCESS = "owner_proc_id"

PART_LOCAL_NID = "part_local_nid"

STR_NODE_TYPE = "node_type"
STR_EDGE_TYPE = "edge_type"
STR_EDGES = "edges"
STR_FORMAT = "format"
STR_FORMAT_DELIMITER = "delimiter"
STR_DATA = "data"
STR_NODE_DATA = "node_data"
STR_EDGE_DATA = "edge_data"

STR_NUMPY = "numpy"
STR_PARQUET = "parquet"
STR_CSV = "csv"
STR_NAME = "name"

STR_GRAPH_NAME = "graph_name"
STR_NODE_FEATURES = "node_features"
STR_EDGE_FEATURES = "edge_features"

STR_NUM_NODES_PER_TYPE = "num_nodes_per_type"
STR_NUM_EDGES_PER_TYPE = "num_edges_per_type"

STR_NTYPES = "ntypes"
