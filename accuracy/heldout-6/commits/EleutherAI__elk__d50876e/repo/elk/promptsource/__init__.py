from .templates import DatasetTemplates
