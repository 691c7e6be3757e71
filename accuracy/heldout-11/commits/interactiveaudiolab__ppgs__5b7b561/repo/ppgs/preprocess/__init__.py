from .core import *

#TODO fix this mess
from pathlib import Path as __Path
import importlib.util as __iu
__charsiu_models_spec = __iu.spec_from_file_location('charsiu_models', __Path(__file__).parent / 'charsiu' / 'src' / 'models.py')
charsiu_models = __iu.module_from_spec(__charsiu_models_spec)
__charsiu_models_spec.loader.exec_module(charsiu_models)

from . import bottleneck
from . import w2v2fs
from . import w2v2fc
from . import w2v2fb
from . import w2v2ft
from . import spectrogram
from . import mel
from . import unfold
from . import encodec

