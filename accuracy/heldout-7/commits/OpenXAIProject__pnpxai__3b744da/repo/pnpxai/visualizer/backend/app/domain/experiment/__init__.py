from pnpxai.visualizer.backend.app.domain.experiment.experiment_service import ExperimentService
from pnpxai.visualizer.backend.app.domain.experiment.model_service import ModelService
