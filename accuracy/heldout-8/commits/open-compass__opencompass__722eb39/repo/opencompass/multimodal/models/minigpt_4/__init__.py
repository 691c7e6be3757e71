from .minigpt_4 import MiniGPT4Inferencer
from .post_processor import (MiniGPT4COCOCaptionPostProcessor,
                             MiniGPT4MMBenchPostProcessor,
                             MiniGPT4MMEPostProcessor,
                             MiniGPT4ScienceQAPostProcessor,
                             MiniGPT4VQAPostProcessor,
                             MiniGPT4VSRPostProcessor)
from .prompt_constructor import MiniGPT4VSRPromptConstructor  # noqa
from .prompt_constructor import (MiniGPT4COCOCaotionPromptConstructor,
                                 MiniGPT4MMBenchPromptConstructor,
                                 MiniGPT4MMEPromptConstructor,
                                 MiniGPT4ScienceQAPromptConstructor,
                                 MiniGPT4SEEDBenchPromptConstructor,
                                 MiniGPT4VQAPromptConstructor)

__all__ = [
    'MiniGPT4Inferencer', 'MiniGPT4MMBenchPostProcessor',
    'MiniGPT4MMBenchPromptConstructor', 'MiniGPT4COCOCaotionPromptConstructor',
    'MiniGPT4COCOCaptionPostProcessor', 'MiniGPT4ScienceQAPromptConstructor',
    'MiniGPT4ScienceQAPostProcessor', 'MiniGPT4VQAPromptConstructor',
    'MiniGPT4VQAPostProcessor', 'MiniGPT4VSRPostProcessor',
    'MiniGPT4VSRPromptConstructor', 'MiniGPT4SEEDBenchPromptConstructor',
    'MiniGPT4MMEPostProcessor', 'MiniGPT4MMEPromptConstructor'
]
