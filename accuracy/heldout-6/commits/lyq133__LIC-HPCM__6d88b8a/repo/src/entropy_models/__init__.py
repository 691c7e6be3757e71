from ._CXX import pmf_to_quantized_cdf as _pmf_to_quantized_cdf
from .unbounded_ans import ubransEncoder, ubransDecoder