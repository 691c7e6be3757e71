from flashrag.retriever.index_builder import *
from flashrag.retriever.retriever import *
from flashrag.retriever.utils import *