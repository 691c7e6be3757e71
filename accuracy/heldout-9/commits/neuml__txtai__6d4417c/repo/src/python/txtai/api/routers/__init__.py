"""
Router imports
"""

from . import embeddings
from . import extractor
from . import segmentation
from . import similarity
from . import summary
from . import textractor
from . import transcription
from . import translation
from . import workflow
