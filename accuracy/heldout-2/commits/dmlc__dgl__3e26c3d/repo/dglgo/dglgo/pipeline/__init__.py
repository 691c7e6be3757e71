from .nodepred import NodepredPipeline
from .nodepred_sample import NodepredNsPipeline
from .linkpred import LinkpredPipeline
from .graphpred import GraphpredPipeline