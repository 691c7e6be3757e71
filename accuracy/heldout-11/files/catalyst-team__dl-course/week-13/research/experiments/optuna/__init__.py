from catalyst import registry
from catalyst.dl import SupervisedRunner as Runner
from experiment import Experiment
from model import SimpleNet

registry.Model(SimpleNet)
