from flashrag.retriever.retriever import *
from flashrag.retriever.reranker import *
from flashrag.retriever.utils import *