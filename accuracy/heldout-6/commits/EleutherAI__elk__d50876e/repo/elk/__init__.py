from .extraction import extract_hiddens, ExtractionConfig, PromptDataset
