from .icl_dataset_reader import DatasetReader  # noqa
from .icl_evaluator import *  # noqa
from .icl_inferencer import *  # noqa
from .icl_prompt_template import PromptTemplate  # noqa
from .icl_retriever import *  # noqa
