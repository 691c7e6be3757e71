from .blip2_vicuna_instruct import InstructBlipInferencer
from .post_processor import (InstructBlipCOCOCaptionPostProcessor,
                             InstructBlipMMBenchPostProcessor,
                             InstructBlipScienceQAPostProcessor,
                             InstructBlipVQAPostProcessor,
                             InstructBlipVSRPostProcessor)
from .prompt_constructor import (InstructBlipCOCOCaotionPromptConstructor,
                                 InstructBlipMMBenchPromptConstructor,
                                 InstructBlipScienceQAPromptConstructor,
                                 InstructBlipVQAPromptConstructor,
                                 InstructBlipVSRPromptConstructor)

__all__ = [
    'InstructBlipInferencer',
    'InstructBlipMMBenchPromptConstructor',
    'InstructBlipMMBenchPostProcessor',
    'InstructBlipCOCOCaotionPromptConstructor',
    'InstructBlipCOCOCaptionPostProcessor',
    'InstructBlipVQAPromptConstructor',
    'InstructBlipVQAPostProcessor',
    'InstructBlipScienceQAPromptConstructor',
    'InstructBlipScienceQAPostProcessor',
    'InstructBlipVSRPromptConstructor',
    'InstructBlipVSRPostProcessor',
]
