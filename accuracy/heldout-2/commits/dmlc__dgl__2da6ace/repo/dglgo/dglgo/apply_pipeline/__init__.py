from .graphpred import ApplyGraphpredPipeline
from .nodepred import ApplyNodepredPipeline
from .nodepred_sample import ApplyNodepredNsPipeline
