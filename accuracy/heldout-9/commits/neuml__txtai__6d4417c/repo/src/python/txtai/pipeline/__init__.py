"""
Pipeline imports
"""

from .base import Pipeline
from .extractor import Extractor
from .factory import PipelineFactory
from .hfmodel import HFModel
from .hfpipeline import HFPipeline
from .hftrainer import HFTrainer
from .labels import Labels
from .questions import Questions
from .segmentation import Segmentation
from .similarity import Similarity
from .summary import Summary
from .tensors import Tensors
from .textractor import Textractor
from .tokenizer import Tokenizer
from .transcription import Transcription
from .translation import Translation
