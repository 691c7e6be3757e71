from .basic import BasicTextNormalizer
from .english import EnglishTextNormalizer
