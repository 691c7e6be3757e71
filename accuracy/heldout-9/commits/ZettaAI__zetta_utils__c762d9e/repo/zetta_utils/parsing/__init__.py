from . import cue
from . import ngl_state
from . import json
