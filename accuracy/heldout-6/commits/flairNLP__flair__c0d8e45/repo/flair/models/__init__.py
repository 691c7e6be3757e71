from .sequence_tagger_model import SequenceTagger
from .language_model import LanguageModel
from .text_classification_model import TextClassifier
