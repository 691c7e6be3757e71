from allennlp.data.fields.tensor_field import TensorField

ArrayField = TensorField
"""For backwards compatibility, we keep the name `ArrayField`."""
