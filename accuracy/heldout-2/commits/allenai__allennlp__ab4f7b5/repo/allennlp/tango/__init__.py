"""
*AllenNLP Tango is an experimental API and parts of it might change or disappear
every time we release a new version.*
"""

from allennlp.tango.step import Step
from allennlp.tango.step import MemoryStepCache
from allennlp.tango.step import DirectoryStepCache
from allennlp.tango.step import tango_dry_run
from allennlp.tango.step import step_graph_from_params

from allennlp.tango.training import TrainingStep
from allennlp.tango.evaluation import EvaluationStep

import warnings

warnings.warn(
    "AllenNLP Tango is an experimental API and parts of it might change or disappear "
    "every time we release a new version."
)
