from .post_processor import QwenVLBasePostProcessor
from .prompt_constructor import QwenVLMMBenchPromptConstructor
from .qwen import QwenVLBase, QwenVLChat

__all__ = [
    'QwenVLBase', 'QwenVLChat', 'QwenVLBasePostProcessor',
    'QwenVLMMBenchPromptConstructor'
]
