from .llama_adapter import LLaMA_adapter_v2
from .post_processor import LlamaAadapterMMBenchPostProcessor
from .prompt_constructor import LlamaAadapterMMBenchPromptConstructor  # noqa

__all__ = [
    'LLaMA_adapter_v2', 'LlamaAadapterMMBenchPostProcessor',
    'LlamaAadapterMMBenchPromptConstructor'
]
