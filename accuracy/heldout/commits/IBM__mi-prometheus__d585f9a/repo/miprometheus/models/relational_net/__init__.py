from .conv_input_model import ConvInputModel
from .functions import PairwiseRelationNetwork, SumOfPairsAnalysisNetwork
from .relational_network import RelationalNetwork

__all__ = ['ConvInputModel', 'PairwiseRelationNetwork',
           'SumOfPairsAnalysisNetwork', 'RelationalNetwork']
