"""clip retrieval"""

from .clip_back import clip_back
from .clip_filter import clip_filter
from .clip_index import clip_index
from .clip_inference import clip_inference
from .clip_end2end import clip_end2end
from .clip_front import clip_front
