from .parser_utils import (
    prepare_parser_from_dict, parse_args_as_dict, str_int_float, str2bool,
    str2bool_arg, isfloat, isint
)
from .torch_utils import tensors_to_device, to_cuda
from .generic_utils import (
    has_arg, flatten_dict, average_arrays_in_dic, get_wav_random_start_stop
)
# The functions above were all in asteroid/utils.py before refactoring into
# asteroid/utils/*_utils.py files. They are imported for backward compatibility.
