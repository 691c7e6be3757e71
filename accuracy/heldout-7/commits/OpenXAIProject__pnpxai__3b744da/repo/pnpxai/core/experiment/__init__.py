from pnpxai.core.experiment.experiment import Experiment
from pnpxai.core.experiment.auto_experiment import AutoExperiment