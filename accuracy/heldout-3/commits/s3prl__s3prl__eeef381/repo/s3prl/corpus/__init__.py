from . import librilight, librispeech, voxceleb1sid, voxceleb1sv
from .quesst14 import quesst14_for_qbe
