from . import latgen


