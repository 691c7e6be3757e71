from .llava import LLaVA
from .post_processor import LLaVABasePostProcessor, LLaVAVSRPostProcessor
from .prompt_constructor import (LLaVABasePromptConstructor,
                                 LLaVAMMBenchPromptConstructor,
                                 LLaVAScienceQAPromptConstructor,
                                 LLaVAVQAPromptConstructor)

__all__ = [
    'LLaVA', 'LLaVABasePromptConstructor', 'LLaVAMMBenchPromptConstructor',
    'LLaVABasePostProcessor', 'LLaVAVQAPromptConstructor',
    'LLaVAScienceQAPromptConstructor', 'LLaVAVSRPostProcessor'
]
