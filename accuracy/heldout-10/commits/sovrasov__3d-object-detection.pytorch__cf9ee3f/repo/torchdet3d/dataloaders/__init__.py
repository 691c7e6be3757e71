from .objectron_main import Objectron
