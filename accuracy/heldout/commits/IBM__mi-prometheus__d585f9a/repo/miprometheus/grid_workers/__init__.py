# Grid workers.
from .grid_worker import GridWorker
from .grid_trainer_cpu import GridTrainerCPU
from .grid_trainer_gpu import GridTrainerGPU
from .grid_tester_cpu import GridTesterCPU
from .grid_tester_gpu import GridTesterGPU
from .grid_analyzer import GridAnalyzer


__all__ = ['GridWorker', 'GridTrainerCPU', 'GridTrainerGPU',
           'GridTesterCPU', 'GridTesterGPU', 'GridAnalyzer']
