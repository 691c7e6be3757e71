from .text_to_text_problem import TextToTextProblem, Lang
from .translation_anki import TranslationAnki

__all__ = ['TextToTextProblem', 'Lang', 'TranslationAnki']
