from .tensor_mapping import TensorMapping
