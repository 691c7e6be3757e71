from pnpxai.core.project import Project
from pnpxai.core.experiment import Experiment