from .index import DBIndex
from .backend import DBDataT, DBBackend, DBArrayValueT, DBValueT, DBRowDataT

from .layer import DBLayer, UserDBIndex, ColIndex, DBDataProcT

from .build import build_db_layer
