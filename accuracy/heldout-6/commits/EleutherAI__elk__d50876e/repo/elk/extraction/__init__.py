from .extraction import ExtractionConfig, extract_hiddens, extract
from .generator import _GeneratorConfig, _GeneratorBuilder
from .prompt_dataset import PromptDataset, PromptConfig
