from .dump_results import DumpResults
from .mme_score import MMEMetric
from .seedbench import SEEDBenchAcc

__all__ = ['DumpResults', 'SEEDBenchAcc', 'MMEMetric']
