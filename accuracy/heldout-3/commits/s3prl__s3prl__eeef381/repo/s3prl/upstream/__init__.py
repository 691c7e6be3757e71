from . import experts
