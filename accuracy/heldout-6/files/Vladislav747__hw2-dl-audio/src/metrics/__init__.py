from src.metrics.cer import ArgmaxCERMetric, BeamCERMetric, LMBeamCERMetric
from src.metrics.wer import ArgmaxWERMetric, BeamWERMetric, LMBeamWERMetric
