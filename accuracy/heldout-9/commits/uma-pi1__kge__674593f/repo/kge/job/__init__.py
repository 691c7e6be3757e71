from kge.job.trace import Trace
from kge.job.job import Job
from kge.job.train import TrainingJob
from kge.job.eval import EvaluationJob
from kge.job.grid import GridJob
from kge.job.entity_ranking import EntityRankingJob
from kge.job.entity_pair_ranking import EntityPairRankingJob
