from .one_layer_MLP import OneLayerMLP
from .three_layer_MLP import ThreeLayerMLP