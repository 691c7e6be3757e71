from .post_processor import (VisualGLMBasePostProcessor,
                             VisualGLMVSRPostProcessor)
from .prompt_constructor import (VisualGLMBasePromptConstructor,
                                 VisualGLMIconQAPromptConstructor,
                                 VisualGLMMMBenchPromptConstructor,
                                 VisualGLMScienceQAPromptConstructor,
                                 VisualGLMVQAPromptConstructor)
from .visualglm import VisualGLM

__all__ = [
    'VisualGLM', 'VisualGLMBasePostProcessor', 'VisualGLMVSRPostProcessor',
    'VisualGLMBasePromptConstructor', 'VisualGLMMMBenchPromptConstructor',
    'VisualGLMVQAPromptConstructor', 'VisualGLMScienceQAPromptConstructor',
    'VisualGLMIconQAPromptConstructor'
]
