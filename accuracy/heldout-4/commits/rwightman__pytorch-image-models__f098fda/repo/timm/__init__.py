from .version import __version__
from .models import create_model, list_models, is_model, list_modules, model_entrypoint
