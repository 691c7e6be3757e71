from .icl_aucroc_evaluator import AUCROCEvaluator  # noqa
from .icl_base_evaluator import BaseEvaluator  # noqa
from .icl_em_evaluator import EMEvaluator  # noqa
from .icl_hf_evaluator import *  # noqa
from .icl_toxic_evaluator import ToxicEvaluator  # noqa
