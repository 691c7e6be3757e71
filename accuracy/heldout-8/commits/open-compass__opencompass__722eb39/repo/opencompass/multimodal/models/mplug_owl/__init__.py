from .mplug_owl import MplugOwl
from .post_processor import MplugOwlMMBenchPostProcessor
from .prompt_constructor import MplugOwlMMBenchPromptConstructor  # noqa

__all__ = [
    'MplugOwl', 'MplugOwlMMBenchPostProcessor',
    'MplugOwlMMBenchPromptConstructor'
]
